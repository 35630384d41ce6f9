import { randomBytes } from 'node:crypto';
import { hasAnyRole } from '@shared/roles';
import {
  EXPORT_JOB_ID_RE,
  EXPORT_OWN_PARAMS,
  type ExportFormat,
  type ExportJobReply,
  type ExportKind,
} from '@shared/schemas/exports';
import type { Caller } from '../lib/caller';
import { notFound } from '../lib/errors';
import { download, json, type FileBody, type HttpResult } from '../lib/http';
import { log } from '../lib/log';
import { kolkataDay } from '../lib/stats';
import { exportFileKey, exportFileLink, EXPORT_LINK_SECONDS, putExportFile } from './file-store';
import { CONTENT_TYPES, exportFileName, toCsv, toXlsx } from './files';
import type { ExportJobItem } from './job-entity';
import { startJob } from './job-start';
import { getJob, putJob, updateJob } from './job-store';
import { EXPORT_SOURCES, type ExportRows, type ExportSource } from './sources';
import type { Cell } from './columns';

/**
 * Exports of the staff lists (docs/decisions/0027-exports.md). A file that fits a Lambda answer is answered at
 * once; a larger one, or one asked for with async=1, becomes a job that writes the file to the uploads bucket
 * and is followed through GET /api/export/jobs/{id}.
 */

/** API Gateway carries at most 6 MB, and a binary answer goes as base64 (4/3 larger): files up to 4 MB fit. */
export const DIRECT_MAX_BYTES = 4 * 1024 * 1024;
/** Above this many rows the file is written by a job without trying the direct answer (a row is 200-400 bytes). */
export const DIRECT_MAX_ROWS = 10_000;
/** Rows read per page; a job records its progress after each. */
export const EXPORT_PAGE_ROWS = 500;
/** A job still running this long after it was asked for has stopped (the function runs at most 5 minutes). */
const JOB_STALE_MS = 6 * 60_000;
const JOB_TTL_SECONDS = 24 * 3600;

const JOB_FAILED = 'The export could not be finished. Please try again.';
const JOB_STOPPED = 'The export stopped before it was finished. Please start it again.';

/** The query's filters: everything but the export's own parameters. */
function filtersOf(query: Record<string, unknown>): Record<string, string> {
  const own = new Set<string>(EXPORT_OWN_PARAMS);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (!own.has(k) && typeof v === 'string') out[k] = v;
  return out;
}

async function buildFile(
  source: ExportSource,
  found: ExportRows,
  format: ExportFormat,
  onPage?: (rowsDone: number) => Promise<void>,
): Promise<Buffer> {
  const rows: Cell[][] = [];
  for (let skip = 0; skip < found.total; skip += EXPORT_PAGE_ROWS) {
    rows.push(...(await found.rows(skip, EXPORT_PAGE_ROWS)));
    await onPage?.(rows.length);
  }
  return format === 'csv' ? toCsv(source.headers, rows) : toXlsx(source.sheet, source.headers, rows);
}

async function jobReply(job: ExportJobItem): Promise<ExportJobReply> {
  const stale = job.status === 'running' && Date.now() - Date.parse(job.createdOn) > JOB_STALE_MS;
  const status = stale ? 'failed' : job.status;
  const reply: ExportJobReply = {
    id: job.id,
    kind: job.kind,
    format: job.format,
    status,
    rowsDone: job.rowsDone,
    ...(job.rowsTotal !== undefined ? { rowsTotal: job.rowsTotal } : {}),
    fileName: job.fileName,
    ...(job.partial ? { partial: true } : {}),
  };
  if (status === 'done' && job.fileKey) {
    reply.url = await exportFileLink(job.fileKey, job.format, job.fileName);
    reply.expiresAt = new Date(Date.now() + EXPORT_LINK_SECONDS * 1000).toISOString();
  }
  if (status === 'failed') reply.message = stale ? JOB_STOPPED : (job.message ?? JOB_FAILED);
  return reply;
}

function newJob(kind: ExportKind, format: ExportFormat, filters: Record<string, string>, caller: Caller): ExportJobItem {
  const id = randomBytes(16).toString('base64url');
  const now = new Date();
  return {
    id,
    kind,
    format,
    filters,
    requestedBy: caller,
    status: 'running',
    rowsDone: 0,
    fileName: exportFileName(kind, format, kolkataDay(now)),
    createdOn: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + JOB_TTL_SECONDS,
  };
}

/** GET /api/export/{kind}: the file, or 202 with the job that writes it. */
export async function exportList(
  kind: ExportKind,
  query: { format: ExportFormat; async: boolean } & Record<string, unknown>,
  caller: Caller,
): Promise<HttpResult<FileBody> | HttpResult<ExportJobReply>> {
  const source = EXPORT_SOURCES[kind];
  const filters = filtersOf(query);
  const found = await source.find(filters, caller);
  // A search by the whole Aadhaar number matches a few registrations and is never stored with a job.
  const mayStore = !source.holdsClearAadhaar?.(filters);
  if (mayStore && (query.async || found.total > DIRECT_MAX_ROWS)) {
    const job = { ...newJob(kind, query.format, filters, caller), rowsTotal: found.total, partial: found.partial || undefined };
    await putJob(job);
    await startJob(job.id, runExportJob);
    return json(await jobReply(job), 202);
  }
  const file = await buildFile(source, found, query.format);
  const fileName = exportFileName(kind, query.format, kolkataDay());
  if (file.length <= DIRECT_MAX_BYTES || !mayStore) {
    const answer = download(file, CONTENT_TYPES[query.format], fileName);
    if (found.partial) answer.headers['x-export-partial'] = '1';
    return answer;
  }
  // Larger than an answer can carry: kept as a finished job, fetched through its link.
  const job = newJob(kind, query.format, filters, caller);
  const fileKey = exportFileKey(job.id, query.format);
  await putExportFile(fileKey, file, query.format, job.fileName);
  const done: ExportJobItem = {
    ...job,
    status: 'done',
    rowsDone: found.total,
    rowsTotal: found.total,
    partial: found.partial || undefined,
    fileKey,
    finishedOn: new Date().toISOString(),
  };
  await putJob(done);
  return json(await jobReply(done), 202);
}

/** Runs a job: reads the list's matches page by page (recording progress), writes the file, marks it done. */
export async function runExportJob(id: string): Promise<void> {
  const job = await getJob(id);
  if (!job || job.status !== 'running') return;
  try {
    const source = EXPORT_SOURCES[job.kind];
    const found = await source.find(job.filters, job.requestedBy);
    await updateJob(id, { rowsTotal: found.total, ...(found.partial ? { partial: true } : {}) });
    const file = await buildFile(source, found, job.format, (rowsDone) => updateJob(id, { rowsDone }));
    const fileKey = exportFileKey(id, job.format);
    await putExportFile(fileKey, file, job.format, job.fileName);
    await updateJob(id, { status: 'done', fileKey, rowsDone: found.total, finishedOn: new Date().toISOString() });
  } catch (e) {
    log.error('export job failed', { id, kind: job.kind, error: (e as Error)?.message });
    await updateJob(id, { status: 'failed', message: JOB_FAILED, finishedOn: new Date().toISOString() });
  }
}

/** GET /api/export/jobs/{id}: for the one who asked for it and for admins; anyone else is told there is none. */
export async function exportJobStatus(id: string, caller: Caller): Promise<ExportJobReply> {
  const job = EXPORT_JOB_ID_RE.test(id) ? await getJob(id) : undefined;
  if (!job || (job.requestedBy.userID !== caller.userID && !hasAnyRole(caller.roles, ['admin']))) {
    throw notFound('No such export. It may have expired: exports are kept for a day.');
  }
  return jobReply(job);
}
