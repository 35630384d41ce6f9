import type { ExportFormat, ExportKind } from '@shared/schemas/exports';
import type { Caller } from '../lib/caller';
import { defineEntity } from '../lib/entity';

/**
 * An export job (docs/data-model.md, "Export jobs"): EXPORT#<id> / EXPORT, no index. Kept a day (TTL), like
 * its file under exports/ in the uploads bucket.
 */
export interface ExportJobItem {
  id: string;
  kind: ExportKind;
  format: ExportFormat;
  /** The list's filters as given (never an Aadhaar number in clear: such an export is answered directly). */
  filters: Record<string, string>;
  requestedBy: Caller;
  status: 'running' | 'done' | 'failed';
  rowsDone: number;
  rowsTotal?: number;
  partial?: boolean;
  fileName: string;
  /** The file's key in the uploads bucket, once written. */
  fileKey?: string;
  message?: string;
  createdOn: string;
  finishedOn?: string;
  /** Epoch seconds: DynamoDB's TTL removes the job a day after it was asked for. */
  expiresAt: number;
}

export const exportJobEntity = defineEntity<ExportJobItem>()({
  name: 'Export job',
  key: (id: string) => ({ pk: `EXPORT#${id}`, sk: 'EXPORT' }),
  idOf: (j) => j.id,
  indexes: () => ({}),
  attributes: [
    'id',
    'kind',
    'format',
    'filters',
    'requestedBy',
    'status',
    'rowsDone',
    'rowsTotal',
    'partial',
    'fileName',
    'fileKey',
    'message',
    'createdOn',
    'finishedOn',
    'expiresAt',
  ],
});
