import type { ExportFormat } from '@shared/schemas/exports';
import { env } from '../lib/env';
import * as s3 from '../lib/s3';
import { EXPORT_FILES_RULE } from '../lib/upload-rules';
import { CONTENT_TYPES } from './files';

/**
 * Export files in the uploads bucket under exports/<job id>.<ext>; the bucket's rule deletes them after a day
 * (infra/constructs/data.ts). They are fetched only through a presigned GET of a few minutes.
 */
export const EXPORTS_PREFIX = EXPORT_FILES_RULE.prefix;
export const EXPORT_LINK_SECONDS = 300;

export const exportFileKey = (id: string, format: ExportFormat) => `${EXPORTS_PREFIX}${id}.${format}`;

const disposition = (fileName: string) => `attachment; filename="${fileName}"`;

export async function putExportFile(key: string, body: Buffer, format: ExportFormat, fileName: string): Promise<void> {
  await s3.putObject(env().UPLOADS_BUCKET, key, body, {
    contentType: CONTENT_TYPES[format],
    contentDisposition: disposition(fileName),
  });
}

export function exportFileLink(key: string, format: ExportFormat, fileName: string): Promise<string> {
  return s3.presignGet(env().UPLOADS_BUCKET, key, EXPORT_LINK_SECONDS, {
    'response-content-type': CONTENT_TYPES[format],
    'response-content-disposition': disposition(fileName),
    'response-cache-control': 'private, no-store',
  });
}
