import type { Messages } from './en';

/**
 * Each language's messages come in three chunks: the groups the public pages use (fetched at start-up), the
 * groups a public page fetches when it first shows them (a registration's place in the crop's stock: the
 * letter's status block, its cancel and my-data dialogs and the success card; a bill's cancellation and its credit note), and the rest, for the login, admin and
 * user screens (fetched with the first of those screens). The web build cuts en.ts and hi.ts into the parts
 * (`./hi?messages=public`, see frontend/vite.config.ts), so the texts stay in one file per language.
 * parts.test.ts checks that public pages use only the public and status groups.
 */
export const PUBLIC_GROUPS = [
  'app',
  'common',
  'nav',
  'pages',
  'home',
  'registration',
  'billView',
  'lotPublic',
] as const satisfies readonly (keyof Messages)[];

/**
 * Fetched by `loadStatusMessages()` (./index.ts), not at start-up: /registration's budget has no room for them.
 * The bill page fetches them with its bill-of-supply parts. sitePages: the footer's links, the notice's extras and
 * the required pages, all shown after the first paint. myData: the letter's My data dialog.
 */
export const STATUS_GROUPS = [
  // The letter's own texts come with the letter: no other public page shows them.
  'appointment',
  'allocationStatus',
  'billSupply',
  'sitePages',
  'myData',
  // My registrations (/my-registrations) and the code step of the letter's cancel and my-data dialogs.
  'myRegistrations',
  'creditNote',
  'billCheck',
  'queue',
  'drawPublic',
] as const satisfies readonly (keyof Messages)[];

/**
 * Single texts (`group.key`) the registration form shows with its first render and no other public page shows:
 * the notice and consent box (features/registration/ConsentField.tsx, NoticeText.tsx) and the district field
 * (DistrictField.tsx). They are a part of their own, fetched with the form's code (startup.ts), not with every
 * page's public texts; the public part leaves them out, the status part still carries its groups whole.
 */
export const FORM_KEYS = [
  'sitePages.noticeReadMore',
  'sitePages.grievanceOfficer',
  'sitePages.noticeFailed',
  'sitePages.consentLabel',
  'sitePages.consentError',
  'sitePages.consentShort',
  'sitePages.basicForm',
  'registration.districtSearch',
  // The code step of VerifyMobileAtRegistration (shown by the form only).
  'registration.verifyMobile',
] as const;

export type MessagePart = 'public' | 'status' | 'staff' | 'form';
