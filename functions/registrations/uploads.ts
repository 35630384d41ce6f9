import { randomBytes } from 'node:crypto';
import {
  FILE_FIELD,
  MAX_FILE_BYTES,
  MSG_FILE,
  PENDING_KEY_RE,
  type UploadUrlInput,
  type UploadUrlResponse,
} from '@shared/schemas/registration';
import { padId } from '../lib/counters';
import { badRequest } from '../lib/errors';
import { log } from '../lib/log';
import { pdfVerdict } from './pdf-check';
import * as scans from './scan-store';

/**
 * Aadhaar scans: the browser uploads straight to S3 with a presigned PUT under pending/ (removed by the
 * bucket's 2-day lifecycle rule); on submit the server reads what actually landed, checks those bytes (size,
 * magic bytes, hostile content) and writes the very bytes it checked to aadhaar/<year>/..., outside the
 * lifecycle rule. It never copies the pending object: the presigned URL stays valid for minutes, and a PUT
 * between the check and a copy would swap the scan (s3rver has no CopySourceIfMatch to pin the ETag; the
 * PUT costs the same one request as a copy). Multipart clients send the bytes with the form; same checks.
 */
export const UPLOAD_URL_SECONDS = 300;
export const DOWNLOAD_URL_SECONDS = 60;

export type FileKind = { mime: 'image/gif' | 'image/jpeg' | 'image/png' | 'application/pdf'; ext: 'gif' | 'jpg' | 'png' | 'pdf' };

/** The file type by its first bytes; undefined for anything else (HTML, text, executables...). */
export function sniff(head: Buffer): FileKind | undefined {
  if (
    head.length >= 6 &&
    (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a')
  ) {
    return { mime: 'image/gif', ext: 'gif' };
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  return undefined;
}

const fileError = (message: string) => badRequest(message, { [FILE_FIELD]: MSG_FILE });

/**
 * Hostile content inside a file whose first bytes are an allowed kind (polyglots), checked on the whole file
 * (at most 500 KB). Each check is specific enough that a genuine photo or scan does not trip it by chance:
 *  - HTML, SVG or script markup anywhere (a page behind an image header), and an on…= event handler inside
 *    a tag (`<img src=x onerror=…>`): a tag, then at most 200 characters within it, then the handler;
 *  - a ZIP archive at the end (JPEG+ZIP, GIFAR): its end-of-directory record with a central directory;
 *  - a PNG whose first chunk is not IHDR (any other bytes behind a PNG signature);
 *  - a PDF naming active content: JavaScript, actions that open or fetch something else (Launch, GoToR,
 *    GoToE, URI, SubmitForm, ImportData, Named, GoTo3DView, Rendition, Movie, Sound), embedded files, XFA,
 *    RichMedia, also inside Flate streams and behind #xx name escapes; and a PDF whose objects cannot all be
 *    read here (object streams, encryption, other filters: see pdf-check.ts). /OpenAction alone is not
 *    refused: most generators use it for "open at page 1"; running script needs /JS or /JavaScript, caught.
 * The stored and served type is always the sniffed one; the download link forces it (see presignDownload).
 */
const MARKUP = /<(?:script|html|body|iframe|object|embed|meta|form|svg|!doctype|\?php)[\s/>]|javascript:/i;
const EVENT_HANDLER = /<[a-z][a-z0-9:-]*[\s/][^<>]{0,200}?(?<=[\s/"'])on[a-z]{3,30}\s*=/i;

function hasZipDirectory(data: Buffer): boolean {
  const from = Math.max(0, data.length - 22 - 0xffff);
  const eocd = data.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1'));
  return eocd >= from && data.indexOf(Buffer.from('PK\x01\x02', 'latin1')) !== -1;
}

/** Why a file of an allowed kind is still refused, or undefined when it is a plain image or document. */
export function hostileContent(data: Buffer, kind: FileKind): string | undefined {
  if (kind.ext === 'png' && (data.length < 16 || data.subarray(12, 16).toString('latin1') !== 'IHDR')) return 'png-without-ihdr';
  const text = data.toString('latin1');
  if (MARKUP.test(text) || EVENT_HANDLER.test(text)) return 'markup';
  if (hasZipDirectory(data)) return 'zip';
  if (kind.ext === 'pdf') return pdfVerdict(data);
  return undefined;
}

const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
const TYPE_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
};

/**
 * The type the client declared (multipart part type, or the Content-Type the object was stored with) must be
 * one of the allowed kinds, or say nothing (octet-stream). Between allowed kinds a mismatch is tolerated:
 * phones misname files (a PNG saved as .jpg) and the sniffed kind is what is stored and served.
 */
function declaredTypeAllowed(declared: string | undefined): boolean {
  const t = (declared ?? '').split(';')[0].trim().toLowerCase();
  if (GENERIC_TYPES.has(t)) return true;
  return (['image/gif', 'image/jpeg', 'image/png', 'application/pdf'] as string[]).includes(TYPE_ALIASES[t] ?? t);
}

export const FILE_MESSAGES = {
  missing: 'फ़ाइल नहीं मिली, कृपया फ़ाइल फिर से चुनें / The uploaded file was not found. Please choose the file again.',
  empty: 'फ़ाइल खाली है / The file is empty. Please choose the Aadhaar scan again.',
  tooLarge: 'फ़ाइल 500KB से बड़ी है / The file is larger than 500 KB.',
  unsafe:
    'फ़ाइल में स्क्रिप्ट या छिपी हुई सामग्री है, कृपया आधार कार्ड की साधारण फ़ोटो या स्कैन चुनें / ' +
    'The file contains scripts or hidden content. Please choose a plain photo or scan of the Aadhaar card.',
  pdfUnsupported:
    'यह PDF जाँचा नहीं जा सकता: इसमें पासवर्ड, संकुचित ऑब्जेक्ट स्ट्रीम या ऐसी एन्कोडिंग है जो स्वीकार नहीं है। ' +
    'कृपया आधार कार्ड की JPEG या PNG फ़ोटो, या साधारण PDF चुनें / ' +
    'This PDF cannot be checked: it is password-protected, uses compressed object streams or an encoding that is ' +
    'not accepted. Please choose a JPEG or PNG photo of the Aadhaar card, or a plain PDF.',
  wrongType: 'फ़ाइल GIF, JPEG, PNG या PDF होनी चाहिए / The file must be a GIF, JPEG, PNG or PDF.',
  changed:
    'फ़ाइल जाँच के दौरान बदल गई, कृपया फ़ाइल फिर से चुनें / The file changed while it was being checked. Please choose the file again.',
  required: `${MSG_FILE} / The Aadhaar file is required (at most 500 KB).`,
} as const;

export async function createUploadUrl(input: UploadUrlInput): Promise<UploadUrlResponse> {
  const key = scans.newPendingKey();
  const uploadUrl = await scans.presignUpload(key, input.contentType, input.size, UPLOAD_URL_SECONDS);
  return {
    uploadUrl,
    key,
    expiresAt: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString(),
    headers: { 'Content-Type': input.contentType },
  };
}

/** Where the scan comes from: an object uploaded with a presigned URL, or bytes posted with the form. */
export type FileSource =
  | { kind: 'pending'; key: string }
  | { kind: 'bytes'; data: Buffer; truncated?: boolean; declaredType?: string };

export interface CheckedFile {
  source: FileSource;
  kind: FileKind;
  size: number;
  /** The bytes that passed the checks: what is stored, whatever the pending object holds by then. */
  data: Buffer;
}

function checkBytes(size: number, data: Buffer, declaredType?: string): FileKind {
  if (size <= 0) throw fileError(FILE_MESSAGES.empty);
  if (size > MAX_FILE_BYTES) throw fileError(FILE_MESSAGES.tooLarge);
  const kind = sniff(data.subarray(0, 16));
  if (!kind || !declaredTypeAllowed(declaredType)) throw fileError(FILE_MESSAGES.wrongType);
  const hostile = hostileContent(data, kind);
  if (hostile) {
    log.warn('upload refused: hostile content', { reason: hostile, kind: kind.ext, size });
    throw fileError(hostile === 'pdf-unsupported' ? FILE_MESSAGES.pdfUnsupported : FILE_MESSAGES.unsafe);
  }
  return kind;
}

/** Validates the scan; a rejected pending object is removed. */
export async function checkFile(source: FileSource): Promise<CheckedFile> {
  if (source.kind === 'bytes') {
    if (source.truncated) throw fileError(FILE_MESSAGES.tooLarge);
    return {
      source,
      kind: checkBytes(source.data.length, source.data, source.declaredType),
      size: source.data.length,
      data: source.data,
    };
  }
  if (!PENDING_KEY_RE.test(source.key)) throw fileError(FILE_MESSAGES.missing);
  // The whole object (at most 500 KB; one byte more tells a larger one): the content checks read all of it.
  const obj = await scans.readObjectHead(source.key, MAX_FILE_BYTES + 1);
  if (!obj) throw fileError(FILE_MESSAGES.missing);
  try {
    const kind = checkBytes(obj.size, obj.head, obj.contentType);
    // Accepted means at most 500 KB, so the read holds the whole object; anything else cannot be vouched for.
    if (obj.head.length !== obj.size) throw fileError(FILE_MESSAGES.changed);
    return { source, kind, size: obj.size, data: obj.head };
  } catch (e) {
    await removeQuietly(source.key);
    throw e;
  }
}

/** The lasting key of an accepted scan: aadhaar/<year>/<id>-<random>.<ext> (outside the pending/ lifecycle rule). */
export function lastingKey(file: CheckedFile, year: number, id: number): string {
  return `aadhaar/${year}/${padId(id)}-${randomBytes(6).toString('base64url')}.${file.kind.ext}`;
}

/** Puts the checked bytes of the accepted scan at its lasting key (never a copy of the pending object). */
export async function storeFile(file: CheckedFile, key: string): Promise<void> {
  await scans.putObject(key, file.data, file.kind.mime);
}

export async function removeQuietly(key: string): Promise<void> {
  try {
    await scans.deleteObject(key);
  } catch (e) {
    log.warn('could not remove an uploaded object', { key, error: (e as Error).message });
  }
}
