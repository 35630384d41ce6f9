import type { Messages } from './en';

/**
 * Each language's messages come in two chunks: the groups the public pages use (fetched at start-up) and
 * the rest, for the login, admin and user screens (fetched with the first of those screens). The web build
 * cuts en.ts and hi.ts into the two parts (`./hi?messages=public`, see frontend/vite.config.ts), so the
 * texts stay in one file per language. parts.test.ts checks that public pages use only these groups.
 */
export const PUBLIC_GROUPS = [
  'app',
  'common',
  'nav',
  'pages',
  'home',
  'registration',
  'appointment',
  'billView',
  'lotPublic',
] as const satisfies readonly (keyof Messages)[];

export type MessagePart = 'public' | 'staff';
