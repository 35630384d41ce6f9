import { randomBytes } from 'node:crypto';
import { FILE_FIELD, MAX_FILE_BYTES, MSG_FILE, PENDING_KEY_RE, type UploadUrlInput, type UploadUrlResponse } from '../../shared/schemas/registration';
import { padId } from '../lib/counters';
import { AppError } from '../lib/errors';
import { log } from '../lib/log';
import * as repo from './repository';

/**
 * Aadhaar scans: the browser uploads straight to S3 with a presigned PUT under pending/ (removed by the
 * bucket's 2-day lifecycle rule); on submit the server checks what actually landed (size, magic bytes) and
 * copies accepted files to aadhaar/<year>/..., outside the lifecycle rule. Multipart clients send the bytes
 * with the form; they get the same checks.
 */
export const UPLOAD_URL_SECONDS = 300;
export const DOWNLOAD_URL_SECONDS = 60;

export type FileKind = { mime: 'image/gif' | 'image/jpeg' | 'image/png' | 'application/pdf'; ext: 'gif' | 'jpg' | 'png' | 'pdf' };

/** The file type by its first bytes; undefined for anything else (HTML, text, executables...). */
export function sniff(head: Buffer): FileKind | undefined {
  if (head.length >= 6 && (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a')) {
    return { mime: 'image/gif', ext: 'gif' };
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  return undefined;
}

const fileError = (message: string) => new AppError('VALIDATION', message, { fields: { [FILE_FIELD]: MSG_FILE } });

export const FILE_MESSAGES = {
  missing: 'फ़ाइल नहीं मिली, कृपया फ़ाइल फिर से चुनें / The uploaded file was not found. Please choose the file again.',
  empty: 'फ़ाइल खाली है / The file is empty. Please choose the Aadhaar scan again.',
  tooLarge: 'फ़ाइल 500KB से बड़ी है / The file is larger than 500 KB.',
  wrongType: 'फ़ाइल GIF, JPEG, PNG या PDF होनी चाहिए / The file must be a GIF, JPEG, PNG or PDF.',
  required: `${MSG_FILE} / The Aadhaar file is required (at most 500 KB).`,
} as const;

export async function createUploadUrl(input: UploadUrlInput): Promise<UploadUrlResponse> {
  const key = repo.newPendingKey();
  const uploadUrl = await repo.presignUpload(key, input.contentType, input.size, UPLOAD_URL_SECONDS);
  return {
    uploadUrl,
    key,
    expiresAt: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString(),
    headers: { 'Content-Type': input.contentType },
  };
}

/** Where the scan comes from: an object uploaded with a presigned URL, or bytes posted with the form. */
export type FileSource = { kind: 'pending'; key: string } | { kind: 'bytes'; data: Buffer; truncated?: boolean };

export interface CheckedFile {
  source: FileSource;
  kind: FileKind;
  size: number;
}

function checkBytes(size: number, head: Buffer): FileKind {
  if (size <= 0) throw fileError(FILE_MESSAGES.empty);
  if (size > MAX_FILE_BYTES) throw fileError(FILE_MESSAGES.tooLarge);
  const kind = sniff(head);
  if (!kind) throw fileError(FILE_MESSAGES.wrongType);
  return kind;
}

/** Validates the scan; a rejected pending object is removed. */
export async function checkFile(source: FileSource): Promise<CheckedFile> {
  if (source.kind === 'bytes') {
    if (source.truncated) throw fileError(FILE_MESSAGES.tooLarge);
    return { source, kind: checkBytes(source.data.length, source.data.subarray(0, 16)), size: source.data.length };
  }
  if (!PENDING_KEY_RE.test(source.key)) throw fileError(FILE_MESSAGES.missing);
  const obj = await repo.readObjectHead(source.key, 16);
  if (!obj) throw fileError(FILE_MESSAGES.missing);
  try {
    return { source, kind: checkBytes(obj.size, obj.head), size: obj.size };
  } catch (e) {
    await removeQuietly(source.key);
    throw e;
  }
}

/** The lasting key of an accepted scan: aadhaar/<year>/<id>-<random>.<ext> (outside the pending/ lifecycle rule). */
export function lastingKey(file: CheckedFile, year: number, id: number): string {
  return `aadhaar/${year}/${padId(id)}-${randomBytes(6).toString('base64url')}.${file.kind.ext}`;
}

/** Puts the accepted scan at its lasting key. */
export async function storeFile(file: CheckedFile, key: string): Promise<void> {
  if (file.source.kind === 'pending') await repo.copyObject(file.source.key, key, file.kind.mime);
  else await repo.putObject(key, file.source.data, file.kind.mime);
}

export async function removeQuietly(key: string): Promise<void> {
  try {
    await repo.deleteObject(key);
  } catch (e) {
    log.warn('could not remove an uploaded object', { key, error: (e as Error).message });
  }
}
