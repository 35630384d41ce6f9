import Busboy from '@fastify/busboy';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import {
  FILE_FIELD,
  IDEMPOTENCY_KEY_RE,
  MAX_FILE_BYTES,
  MSG_FILE,
  MSG_FORM_INVALID,
  MSG_NO_CONSENT,
  RegistrationFields,
  registrationFieldErrors,
} from '@shared/schemas/registration';
import { MOBILE_PROOF_FIELD } from '@shared/mobile-proof';
import { AppError, badRequest } from '../lib/errors';
import type { FileSource } from './uploads';

/**
 * Reads POST /svsregistration in either form:
 *  - JSON: the fields plus fileKey (the key returned by /svsregistration/upload-url) and idempotencyKey;
 *  - multipart/form-data (the older system's form post, docs/product-rules.md#registration-form-fields-and-how-they-are-sent):
 *    the fields plus the file as FileAdhar (or a fileKey field).
 * The idempotency key may also come as the Idempotency-Key header.
 */
const MAX_JSON_CHARS = 64 * 1024;

const MSG_BAD_BODY = 'फॉर्म पढ़ा नहीं जा सका, कृपया फिर से भेजें / The form could not be read. Send it as JSON or multipart/form-data.';
const MSG_BAD_KEY = 'अमान्य अनुरोध / Invalid Idempotency-Key: 8 to 100 letters, digits or -_.:';

export interface ParsedSubmission {
  fields: RegistrationFields;
  file: FileSource;
  idempotencyKey?: string;
  /** The proof of the mobile (VerifyMobileAtRegistration, submit.ts assertMobileProven). */
  mobileProof?: string;
}

interface Attachment {
  filename?: string;
  mimetype?: string;
  content: Buffer;
  truncated?: boolean;
}

const badBody = (code: 'BAD_REQUEST' | 'UNSUPPORTED_MEDIA_TYPE' = 'BAD_REQUEST') => new AppError(code, MSG_BAD_BODY);

const MULTIPART_LIMITS = {
  fileSize: MAX_FILE_BYTES,
  files: 2,
  fields: 40,
  fieldSize: 8 * 1024,
  parts: 45,
  headerPairs: 20,
  headerSize: 8 * 1024,
};

/**
 * Parses the form with busboy directly: every stream it creates (the parser's and each file part's) gets an
 * 'error' listener, so a body cut off inside a file part is a refused form, never an unhandled 'error' event
 * that ends the process. The first value of a repeated field or file counts.
 */
function readMultipart(event: APIGatewayProxyEventV2): Promise<Record<string, unknown>> {
  const body = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  if (!body.length) return Promise.reject(badBody());
  return new Promise((resolveForm, rejectForm) => {
    const form: Record<string, unknown> = {};
    let settled = false;
    const fail = () => {
      if (settled) return;
      settled = true;
      rejectForm(badBody());
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      // A file one byte over the limit is marked truncated: the rest is never buffered.
      parser = Busboy({
        headers: { 'content-type': event.headers?.['content-type'] ?? '' },
        limits: MULTIPART_LIMITS,
        defCharset: 'utf8',
      });
    } catch {
      // No boundary, or not a form type busboy knows.
      return fail();
    }
    parser.on('file', (name, stream, filename, _encoding, mimetype) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', fail);
      stream.on('end', () => {
        if (!(name in form))
          form[name] = { filename, mimetype, content: Buffer.concat(chunks), truncated: stream.truncated } satisfies Attachment;
      });
    });
    parser.on('field', (name, value) => {
      if (!(name in form)) form[name] = value;
    });
    parser.on('error', fail);
    parser.on('finish', () => {
      if (settled) return;
      settled = true;
      resolveForm(form);
    });
    try {
      parser.end(body);
    } catch {
      fail();
    }
    // The body is all in memory and busboy works through it in process.nextTick steps, so by the next
    // turn of the event loop it has finished or failed. A part whose headers never end leaves it waiting
    // forever: that form is refused too.
    setImmediate(fail);
  });
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
  return submissionOf(await readSubmission(event), event);
}

export const isMultipart = (event: APIGatewayProxyEventV2) =>
  (event.headers?.['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

/** The posted form as it came: text fields (the first of a repeated one) and the file, not yet checked. */
export async function readSubmission(event: APIGatewayProxyEventV2): Promise<Record<string, unknown>> {
  const type = (event.headers?.['content-type'] ?? '').toLowerCase();
  let raw: Record<string, unknown>;
  if (type.startsWith('multipart/form-data')) raw = await readMultipart(event);
  else if (/^application\/(.+\+)?json\b/.test(type)) raw = readJson(event);
  else throw badBody('UNSUPPORTED_MEDIA_TYPE');

  // Text fields arrive once; a repeated field counts as its first value.
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) values[k] = k === FILE_FIELD ? v : firstOf(v);
  if (values.Name === undefined && values.name !== undefined) values.Name = values.name;
  return values;
}

/** The submission a read form makes: its fields checked, the file and the idempotency key (header first). */
export function submissionOf(values: Record<string, unknown>, event: APIGatewayProxyEventV2): ParsedSubmission {
  let file: FileSource | undefined;
  const upload = firstOf(values[FILE_FIELD]);
  if (isAttachment(upload) && upload.content.length > 0)
    file = { kind: 'bytes', data: upload.content, truncated: upload.truncated, declaredType: upload.mimetype };
  else if (isAttachment(upload) && upload.truncated) file = { kind: 'bytes', data: upload.content, truncated: true };
  else {
    const key = typeof values.fileKey === 'string' ? values.fileKey : typeof upload === 'string' ? upload : undefined;
    if (key && key.trim()) file = { kind: 'pending', key: key.trim() };
  }

  const parsed = RegistrationFields.safeParse(values);
  const errors = parsed.success ? {} : registrationFieldErrors(parsed.error);
  if (!file) errors[FILE_FIELD] = MSG_FILE;
  if (!parsed.success || !file) {
    // Consent alone missing: the answer says so, not "correct the highlighted fields".
    const onlyConsent = Object.keys(errors).length === 1 && errors.consent !== undefined;
    throw badRequest(onlyConsent ? MSG_NO_CONSENT : MSG_FORM_INVALID, errors);
  }

  const headerKey = event.headers?.['idempotency-key'];
  const bodyKey = typeof values.idempotencyKey === 'string' ? values.idempotencyKey : undefined;
  const idempotencyKey = (headerKey ?? bodyKey)?.trim() || undefined;
  if (idempotencyKey && !IDEMPOTENCY_KEY_RE.test(idempotencyKey)) throw new AppError('BAD_REQUEST', MSG_BAD_KEY);

  const proof = values[MOBILE_PROOF_FIELD];
  const mobileProof = typeof proof === 'string' && proof.trim() ? proof.trim() : undefined;
  return { fields: parsed.data, file, idempotencyKey, ...(mobileProof ? { mobileProof } : {}) };
}
