import { ExportJobReply } from '../schemas/replies/exports';
import { ExportJobParam, ExportKindParam, ExportQuery } from '../schemas/exports';
import type { AreaContract } from './types';

export const exportsContract = {
  // A file (CSV or XLSX) when it fits the answer; otherwise 202 with the job's JSON.
  'GET /api/export/{kind}': { params: ExportKindParam, query: ExportQuery, reply: ExportJobReply, file: true },
  'GET /api/export/jobs/{id}': { params: ExportJobParam, reply: ExportJobReply },
} as const satisfies AreaContract<'exports'>;
