import type { ReportReply } from '@shared/schemas/replies/reports';
import type { ReportGrouping } from '@shared/schemas/reports';
import { call } from '@web/lib/api';

export interface ReportRequest {
  year: number;
  /** '' = the year's first (from) or last (to) day. */
  from: string;
  to: string;
  by: ReportGrouping;
}

export const getReport = (r: ReportRequest, signal?: AbortSignal): Promise<ReportReply> =>
  call('GET /api/reports', {
    query: { year: r.year, by: r.by, ...(r.from ? { from: r.from } : {}), ...(r.to ? { to: r.to } : {}) },
    signal,
  });
