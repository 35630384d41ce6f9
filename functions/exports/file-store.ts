import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ExportFormat } from '@shared/schemas/exports';
import { s3Client } from '../lib/aws';
import { env } from '../lib/env';
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
  await s3Client().send(
    new PutObjectCommand({
      Bucket: env().UPLOADS_BUCKET,
      Key: key,
      Body: body,
      ContentType: CONTENT_TYPES[format],
      ContentDisposition: disposition(fileName),
    }),
  );
}

export function exportFileLink(key: string, format: ExportFormat, fileName: string): Promise<string> {
  return getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: env().UPLOADS_BUCKET,
      Key: key,
      ResponseContentType: CONTENT_TYPES[format],
      ResponseContentDisposition: disposition(fileName),
      ResponseCacheControl: 'private, no-store',
    }),
    { expiresIn: EXPORT_LINK_SECONDS },
  );
}
