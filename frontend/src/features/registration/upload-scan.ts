import type { AllowedFileType } from '@shared/schemas/registration';
import { call } from '@web/lib/api';
import type { RetryNotice } from '@web/lib/retry';

/** The scan's upload, needed only on Submit: it comes with the submit-time chunk (./validate). */

export interface UploadedScan {
  file: File;
  key: string;
}

/**
 * Asks for a presigned URL, then PUTs the file straight to S3 with XMLHttpRequest so that the progress can
 * be shown (fetch has no upload progress). The URL's request is sent again after a 429 or 503 (onRetry is told):
 * a second URL only names another key under pending/, which expires unused within a day.
 */
export async function uploadScan(
  file: File,
  contentType: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  onRetry?: (notice: RetryNotice) => void,
): Promise<UploadedScan> {
  const target = await call('POST /svsregistration/upload-url', {
    // The server refuses a type outside the allowed ones with the form's message.
    body: { fileName: file.name || 'aadhaar', contentType: contentType as AllowedFileType, size: file.size },
    skipAuthRedirect: true,
    signal,
    retry: true,
    onRetry,
  });
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', target.uploadUrl);
    for (const [k, v] of Object.entries(target.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`HTTP ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('timeout'));
    xhr.timeout = 120_000;
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
  onProgress(100);
  return { file, key: target.key };
}
