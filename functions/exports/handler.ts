import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { ExportJobParam, ExportKindParam, ExportQuery } from '@shared/schemas/exports';
import { defineArea } from '../lib/handler';
import { isExportJobEvent } from './job-start';
import { exportJobStatus, exportList, runExportJob } from './service';

const api = defineArea('exports', {
  'GET /api/export/{kind}': {
    params: ExportKindParam,
    query: ExportQuery,
    handle: ({ params, query, caller }) => exportList(params.kind, query, caller!),
  },
  'GET /api/export/jobs/{id}': {
    params: ExportJobParam,
    handle: ({ params, caller }) => exportJobStatus(params.id, caller!),
  },
});

/** The exports area's routes, and the jobs it sends itself (functions/exports/job-start.ts). */
export async function handler(event: APIGatewayProxyEventV2 | { exportJob: string }, context: Context) {
  if (isExportJobEvent(event)) {
    await runExportJob(event.exportJob);
    return;
  }
  return api(event, context);
}
