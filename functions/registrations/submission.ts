import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import {
  FILE_FIELD,
  IDEMPOTENCY_KEY_RE,
  MAX_FILE_BYTES,
  MSG_FILE,
  MSG_FORM_INVALID,
  RegistrationFields,
  registrationFieldErrors,
} from '../../shared/schemas/registration';
import { AppError } from '../lib/errors';
import type { FileSource } from './uploads';

/**
 * Reads POST /svsregistration in either form:
 *  - JSON: the fields plus fileKey (the key returned by /svsregistration/upload-url) and idempotencyKey;
 *  - multipart/form-data (the spec's form post): the fields plus the file as FileAdhar (or a fileKey field).
 * The idempotency key may also come as the Idempotency-Key header.
 */
const MAX_JSON_CHARS = 64 * 1024;

const MSG_BAD_BODY =
  'फॉर्म पढ़ा नहीं जा सका, कृपया फिर से भेजें / The form could not be read. Send it as JSON or multipart/form-data.';
const MSG_BAD_KEY = 'अमान्य अनुरोध / Invalid Idempotency-Key: 8 to 100 letters, digits or -_.:';

export interface ParsedSubmission {
  fields: RegistrationFields;
  file: FileSource;
  idempotencyKey?: string;
}

interface Attachment {
  filename?: string;
  mimetype?: string;
  content: Buffer;
  truncated?: boolean;
}

const badBody = (code: 'BAD_REQUEST' | 'UNSUPPORTED_MEDIA_TYPE' = 'BAD_REQUEST') => new AppError(code, MSG_BAD_BODY);

async function readMultipart(event: APIGatewayProxyEventV2): Promise<Record<string, unknown>> {
  const request = {
    event: { ...event, headers: { ...event.headers } } as unknown as { body: unknown },
    context: {},
    response: undefined,
    error: undefined,
    internal: {},
  };
  const parser = httpMultipartBodyParser({
    // A file one byte over the limit is marked truncated: the rest is never buffered.
    busboy: { limits: { fileSize: MAX_FILE_BYTES, files: 2, fields: 40, fieldSize: 8 * 1024, parts: 45 } },
    charset: 'utf-8',
  });
  try {
    await parser.before!(request as never);
  } catch {
    throw badBody();
  }
  const body = request.event.body;
  if (!body || typeof body !== 'object') throw badBody();
  return body as Record<string, unknown>;
}

function readJson(event: APIGatewayProxyEventV2): Record<string, unknown> {
  const text = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  if (!text || text.length > MAX_JSON_CHARS) throw badBody();
  try {
    const v = JSON.parse(text);
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw badBody();
    return v as Record<string, unknown>;
  } catch {
    throw badBody();
  }
}

function firstOf(v: unknown): unknown {
  return Array.isArray(v) ? v[0] : v;
}

function isAttachment(v: unknown): v is Attachment {
  return Boolean(v && typeof v === 'object' && Buffer.isBuffer((v as Attachment).content));
}

export async function parseSubmission(event: APIGatewayProxyEventV2): Promise<ParsedSubmission> {
  const type = (event.headers?.['content-type'] ?? '').toLowerCase();
  let raw: Record<string, unknown>;
  if (type.startsWith('multipart/form-data')) raw = await readMultipart(event);
  else if (/^application\/(.+\+)?json\b/.test(type)) raw = readJson(event);
  else throw badBody('UNSUPPORTED_MEDIA_TYPE');

  // Text fields arrive once; a repeated field counts as its first value.
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) values[k] = k === FILE_FIELD ? v : firstOf(v);
  if (values.Name === undefined && values.name !== undefined) values.Name = values.name;

  let file: FileSource | undefined;
  const upload = firstOf(values[FILE_FIELD]);
  if (isAttachment(upload) && upload.content.length > 0) file = { kind: 'bytes', data: upload.content, truncated: upload.truncated, declaredType: upload.mimetype };
  else if (isAttachment(upload) && upload.truncated) file = { kind: 'bytes', data: upload.content, truncated: true };
  else {
    const key = typeof values.fileKey === 'string' ? values.fileKey : typeof upload === 'string' ? upload : undefined;
    if (key && key.trim()) file = { kind: 'pending', key: key.trim() };
  }

  const parsed = RegistrationFields.safeParse(values);
  const errors = parsed.success ? {} : registrationFieldErrors(parsed.error);
  if (!file) errors[FILE_FIELD] = MSG_FILE;
  if (!parsed.success || !file) throw new AppError('VALIDATION', MSG_FORM_INVALID, { fields: errors });

  const headerKey = event.headers?.['idempotency-key'];
  const bodyKey = typeof values.idempotencyKey === 'string' ? values.idempotencyKey : undefined;
  const idempotencyKey = (headerKey ?? bodyKey)?.trim() || undefined;
  if (idempotencyKey && !IDEMPOTENCY_KEY_RE.test(idempotencyKey)) throw new AppError('BAD_REQUEST', MSG_BAD_KEY);

  return { fields: parsed.data, file, idempotencyKey };
}
