import { defineArea } from '../lib/handler';

// Routes of this area are in shared/routes.ts; their implementations are being built.
export const handler = defineArea('dashboard', {});
