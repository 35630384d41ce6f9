import { defineArea } from '../lib/handler';
import * as dashboard from './service';

/** The admin dashboard: sellers see their own sales, admins everything. */
export const handler = defineArea('dashboard', {
  'GET /api/dashboard/summary': { handle: ({ caller }) => dashboard.summary(caller!) },
});
