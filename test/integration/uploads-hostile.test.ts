import { UpdateCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { regKey } from '@functions/registrations/registration-entity';
import { FILE_MESSAGES } from '@functions/registrations/uploads';
import { MSG_FILE, MSG_FORM_INVALID } from '@shared/schemas/registration';
import { useTestApi } from '../support/integration';
import { objectExists, putObjectDirectly } from '../support/uploads-bucket';
import {
  GIF_WITH_HTML,
  GIF_WITH_IMG_ONERROR,
  JPEG_PLUS_ZIP,
  JPEG_WITH_ONMOUSEOVER,
  PDF_EMBEDDED_FILE,
  PDF_ESCAPED_JS,
  PDF_JS_IN_OBJECT_STREAM,
  PDF_LAUNCH,
  PDF_NAMES_JAVASCRIPT,
  PDF_OPEN_ACTION_JS,
  PDF_ACTIONS,
  PDF_DODGES,
  PDF_OPEN_AT_PAGE,
  PDF_URI_LINK,
  PNG_HEADER_ON_HTML,
  PNG_WITH_SVG_ONLOAD,
  PNG_WITH_SVG_SLASH_ONLOAD,
  PNG_WITH_TEXT_CHUNK,
  PNG_WITH_TRAILING_SCRIPT,
} from '../fixtures/hostile-files';
import {
  postJson,
  registerFarmer,
  registerMultipart,
  requestUploadUrl,
  SAMPLE_PDF,
  SAMPLE_PNG,
  uploadScan,
  validFields,
  seedFormCrops,
} from '../fixtures/registration-helpers';

/**
 * Hostile Aadhaar "scans" through both ways in: the presigned upload (PUT to S3, then submit with the key)
 * and the multipart form. Each is refused with a bilingual 400 naming the file field, never a 5xx; the
 * pending object is removed; nothing is registered (the same farmer then registers with a plain scan).
 * Staff open a stored scan through a presigned GET whose type is forced to the checked kind.
 */
const { api, tokens } = useTestApi('seller');

const BILINGUAL = /[\u0900-\u097F].* \/ [A-Za-z]/;

beforeAll(async () => {
  await seedFormCrops();
});

type Case = { what: string; data: Buffer; type: string; name: string; message: string };
const unsafe = FILE_MESSAGES.unsafe;
const cases: Case[] = [
  { what: 'a GIF header in front of an HTML page', data: GIF_WITH_HTML, type: 'image/gif', name: 'scan.gif', message: unsafe },
  { what: 'the PNG signature on an HTML page', data: PNG_HEADER_ON_HTML, type: 'image/png', name: 'scan.png', message: unsafe },
  {
    what: 'a real PNG with a script after its last chunk',
    data: PNG_WITH_TRAILING_SCRIPT,
    type: 'image/png',
    name: 'scan.png',
    message: unsafe,
  },
  {
    what: 'a real PNG with HTML in a text chunk',
    data: PNG_WITH_TEXT_CHUNK,
    type: 'image/png',
    name: 'scan.png',
    message: unsafe,
  },
  { what: 'a JPEG with a ZIP archive appended', data: JPEG_PLUS_ZIP, type: 'image/jpeg', name: 'scan.jpg', message: unsafe },
  {
    what: 'a PDF that runs JavaScript on open',
    data: PDF_OPEN_ACTION_JS,
    type: 'application/pdf',
    name: 'scan.pdf',
    message: unsafe,
  },
  {
    what: 'a PDF with #xx-escaped /JavaScript names',
    data: PDF_ESCAPED_JS,
    type: 'application/pdf',
    name: 'scan.pdf',
    message: unsafe,
  },
  {
    what: 'a PDF with a document-level JavaScript name tree',
    data: PDF_NAMES_JAVASCRIPT,
    type: 'application/pdf',
    name: 'scan.pdf',
    message: unsafe,
  },
  {
    what: 'a PDF with JavaScript inside a compressed object stream',
    data: PDF_JS_IN_OBJECT_STREAM,
    type: 'application/pdf',
    name: 'scan.pdf',
    message: unsafe,
  },
  { what: 'a PDF with a /Launch action', data: PDF_LAUNCH, type: 'application/pdf', name: 'scan.pdf', message: unsafe },
  { what: 'a PDF with an embedded file', data: PDF_EMBEDDED_FILE, type: 'application/pdf', name: 'scan.pdf', message: unsafe },
  ...Object.entries(PDF_ACTIONS)
    .filter(([action]) => action !== 'Launch')
    .map(([action, data]) => ({
      what: `a PDF with a /${action} action`,
      data,
      type: 'application/pdf',
      name: 'scan.pdf',
      message: unsafe,
    })),
  { what: 'a PDF with a /URI link on its page', data: PDF_URI_LINK, type: 'application/pdf', name: 'scan.pdf', message: unsafe },
  ...Object.entries(PDF_DODGES).map(([how, data]) => ({
    what: `a PDF hiding /Launch (${how})`,
    data,
    type: 'application/pdf',
    name: 'scan.pdf',
    // A predicted object stream is not read: refused for what it is, not for what it holds.
    message: how === 'object stream with a PNG predictor' ? FILE_MESSAGES.pdfUnsupported : unsafe,
  })),
  {
    what: 'a real PNG with <svg onload=…> in a text chunk',
    data: PNG_WITH_SVG_ONLOAD,
    type: 'image/png',
    name: 'scan.png',
    message: unsafe,
  },
  {
    what: 'a real PNG with <svg/onload=…> in a text chunk',
    data: PNG_WITH_SVG_SLASH_ONLOAD,
    type: 'image/png',
    name: 'scan.png',
    message: unsafe,
  },
  {
    what: 'a GIF carrying <img src=x onerror=alert(1)>',
    data: GIF_WITH_IMG_ONERROR,
    type: 'image/gif',
    name: 'scan.gif',
    message: unsafe,
  },
  {
    what: 'a JPEG whose comment holds a tag with an onmouseover handler',
    data: JPEG_WITH_ONMOUSEOVER,
    type: 'image/jpeg',
    name: 'scan.jpg',
    message: unsafe,
  },
];

function expectFileRefusal(r: { status: number; json: { message?: string; fields?: Record<string, string> } }, message: string) {
  expect(r.status).toBe(400);
  expect(r.json.message).toBe(message);
  expect(r.json.message).toMatch(BILINGUAL);
  expect(r.json.fields).toEqual({ FileAdhar: MSG_FILE });
}

/** The refused submission registered nothing: the same farmer and crop then register with a plain scan. */
async function expectNothingRegistered(fields: Record<string, unknown>) {
  const again = await registerFarmer(api, fields, { file: SAMPLE_PNG, contentType: 'image/png' });
  expect(again.status, again.text).toBe(201);
}

describe('hostile files through the presigned upload', () => {
  for (const c of cases) {
    it(`refuses ${c.what}, removes the object and registers nothing`, async () => {
      const { key } = await uploadScan(api, c.data, { contentType: c.type, fileName: c.name });
      expect(await objectExists(key)).toBe(true);
      const fields = validFields();
      const r = await postJson(api, '/svsregistration', { ...fields, fileKey: key });
      expectFileRefusal(r, c.message);
      expect(await objectExists(key)).toBe(false);
      await expectNothingRegistered(fields);
    });
  }

  it('refuses an object that lies about its type (stored as text/html with PNG bytes) and removes it', async () => {
    // A client that bypasses the signed Content-Type (s3rver, like a misconfigured bucket, does not check it).
    const r0 = await requestUploadUrl(api, { fileName: 'x.png', contentType: 'image/png', size: SAMPLE_PNG.length });
    expect(r0.status).toBe(201);
    await putObjectDirectly(r0.json.key, SAMPLE_PNG, 'text/html');
    const r = await postJson(api, '/svsregistration', { ...validFields(), fileKey: r0.json.key });
    expectFileRefusal(r, FILE_MESSAGES.wrongType);
    expect(await objectExists(r0.json.key)).toBe(false);
  });

  it('refuses a 0-byte object (and a 0-byte upload URL) with a bilingual 400', async () => {
    const asked = await requestUploadUrl(api, { fileName: 'empty.png', contentType: 'image/png', size: 0 });
    expect(asked.status).toBe(400);
    expect(asked.json.message).toBe(MSG_FORM_INVALID);
    const r0 = await requestUploadUrl(api, { fileName: 'x.png', contentType: 'image/png', size: 10 });
    await putObjectDirectly(r0.json.key, Buffer.alloc(0), 'image/png');
    const r = await postJson(api, '/svsregistration', { ...validFields(), fileKey: r0.json.key });
    expectFileRefusal(r, FILE_MESSAGES.empty);
    expect(await objectExists(r0.json.key)).toBe(false);
  });
});

describe('hostile files through the multipart form', () => {
  for (const c of cases) {
    it(`refuses ${c.what} and registers nothing`, async () => {
      const fields = validFields();
      const r = await registerMultipart(api, fields, { data: c.data, name: c.name, type: c.type });
      expectFileRefusal(r, c.message);
      await expectNothingRegistered(fields);
    });
  }

  it('refuses a PNG declared as text/html (declared type outside the allowed kinds)', async () => {
    const r = await registerMultipart(api, validFields(), { data: SAMPLE_PNG, name: 'scan.html', type: 'text/html' });
    expectFileRefusal(r, FILE_MESSAGES.wrongType);
  });

  it('refuses a 0-byte file as a missing file, with the bilingual form alert', async () => {
    const r = await registerMultipart(api, validFields(), { data: Buffer.alloc(0), name: 'scan.png', type: 'image/png' });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe(MSG_FORM_INVALID);
    expect(r.json.message).toMatch(BILINGUAL);
    expect(r.json.fields.FileAdhar).toBe(MSG_FILE);
  });

  it('accepts what is plain: a PDF that opens at page 1, a PNG sent as octet-stream', async () => {
    for (const file of [
      { data: PDF_OPEN_AT_PAGE, name: 'scan.pdf', type: 'application/pdf' },
      { data: SAMPLE_PNG, name: 'scan', type: 'application/octet-stream' },
      { data: SAMPLE_PDF, name: 'scan.pdf', type: 'application/pdf' },
    ]) {
      const r = await registerMultipart(api, validFields(), file);
      expect(r.status, `${file.name} ${file.type}: ${r.text}`).toBe(201);
    }
  });
});

describe('staff opening a stored scan', () => {
  async function registered(file: Buffer, contentType: string) {
    const r = await registerFarmer(api, validFields(), { file, contentType });
    expect(r.status, r.text).toBe(201);
    return r.json.data as { id: number; year: number };
  }

  it('get a presigned GET whose type is the checked kind: a photo shown inline, a PDF only as an attachment', async () => {
    for (const [file, type, disposition] of [
      [SAMPLE_PNG, 'image/png', 'inline; filename="aadhaar.png"'],
      [SAMPLE_PDF, 'application/pdf', 'attachment; filename="aadhaar.pdf"'],
    ] as const) {
      const reg = await registered(file, type);
      const link = await api.call('GET', `/api/registrations/${reg.id}/aadhaar-file`, {
        token: tokens.seller,
        query: { year: reg.year },
      });
      expect(link.status).toBe(200);
      const url = new URL(link.json.url);
      expect(url.searchParams.get('response-content-type')).toBe(type);
      expect(url.searchParams.get('response-content-disposition')).toBe(disposition);
      const got = await fetch(link.json.url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe(type);
      expect(got.headers.get('content-disposition')).toBe(disposition);
      expect(Buffer.from(await got.arrayBuffer()).equals(file)).toBe(true);
    }
  });

  it('never lets a stored object render as HTML: a record whose key or type is not a checked kind only downloads', async () => {
    const reg = await registered(SAMPLE_PNG, 'image/png');
    const key = `aadhaar/${reg.year}/hostile-${reg.id}.html`;
    await putObjectDirectly(key, Buffer.from('<html><script>alert(1)</script>'), 'text/html');
    for (const [path, type] of [
      [key, 'text/html'],
      [key, 'image/png'],
    ] as const) {
      await docClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: regKey(reg.year, reg.id),
          UpdateExpression: 'SET adharFilePath = :p, adharFileType = :t',
          ExpressionAttributeValues: { ':p': path, ':t': type },
        }),
      );
      const link = await api.call('GET', `/api/registrations/${reg.id}/aadhaar-file`, {
        token: tokens.seller,
        query: { year: reg.year },
      });
      expect(link.status).toBe(200);
      const got = await fetch(link.json.url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/octet-stream');
      expect(got.headers.get('content-disposition')).toMatch(/^attachment/);
    }
  });
});
