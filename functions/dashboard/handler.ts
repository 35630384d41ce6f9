import { ReportQuery } from '@shared/schemas/reports';
import { defineArea } from '../lib/handler';
import { report } from './reports';
import * as dashboard from './service';

/** The admin dashboard: sellers see their own sales, admins everything; reports for admins. */
export const handler = defineArea('dashboard', {
  'GET /api/dashboard/summary': { handle: ({ caller }) => dashboard.summary(caller!) },
  'GET /api/reports': { query: ReportQuery, handle: ({ query }) => report(query) },
});
