import { jsPDF } from 'jspdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '@functions/registrations/uploads';
import { MSG_FILE } from '@shared/schemas/registration';
import { PACKED_ACTIONS, PDF_PACKED_ACTIONS, pdfWithPackedAction } from '../fixtures/hostile-files';
import {
  postJson,
  registerFarmer,
  registerMultipart,
  SAMPLE_PDF,
  SAMPLE_PNG,
  seedFormCrops,
  uploadScan,
  validFields,
} from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { objectExists } from '../support/uploads-bucket';

/**
 * PDFs whose action sits in an object stream (issue 28, item 4): the three reported files (a hex-encoded
 * object stream with /JavaScript, a Flate one behind a decoy string, a hex-encoded one with /Launch) and the
 * same packing with /URI and /GoToR, uploaded the way a farmer does (presigned PUT, then the form) and through
 * the multipart form. Each is refused with a bilingual 400 naming the file field, its pending object removed,
 * nothing registered. A plain PDF still registers, and staff get it as an attachment, never inline.
 */
const { api, tokens } = useTestApi('seller');

const BILINGUAL = /[\u0900-\u097F].* \/ [A-Za-z]/;

beforeAll(async () => {
  await seedFormCrops();
});

/** Refused either for its action (Flate, decoded and read) or for what it is (a hex object stream). */
const REFUSALS: string[] = [FILE_MESSAGES.unsafe, FILE_MESSAGES.pdfUnsupported];
const cases: [string, Buffer][] = [
  ...Object.entries(PDF_PACKED_ACTIONS),
  ...(['URI', 'GoToR'] as const).flatMap((a): [string, Buffer][] => [
    [`a hex-encoded object stream with /${a}`, pdfWithPackedAction(PACKED_ACTIONS[a], 'hex')],
    [`a Flate object stream behind a decoy string, with /${a}`, pdfWithPackedAction(PACKED_ACTIONS[a], 'flate-decoy')],
  ]),
];

function expectRefusal(r: { status: number; json: { message?: string; fields?: Record<string, string> } }) {
  expect(r.status).toBe(400);
  expect(REFUSALS).toContain(r.json.message);
  expect(r.json.message).toMatch(BILINGUAL);
  expect(r.json.fields).toEqual({ FileAdhar: MSG_FILE });
}

/** The refused submission registered nothing: the same farmer and crop then register with a plain scan. */
async function expectNothingRegistered(fields: Record<string, unknown>) {
  const again = await registerFarmer(api, fields, { file: SAMPLE_PNG, contentType: 'image/png' });
  expect(again.status, again.text).toBe(201);
}

describe('PDFs with an action in an object stream', () => {
  for (const [what, pdf] of cases) {
    it(`refuses ${what} through the presigned upload, removes the object and registers nothing`, async () => {
      const { key } = await uploadScan(api, pdf, { contentType: 'application/pdf', fileName: 'aadhaar.pdf' });
      expect(await objectExists(key)).toBe(true);
      const fields = validFields();
      const r = await postJson(api, '/svsregistration', { ...fields, fileKey: key });
      expectRefusal(r);
      expect(await objectExists(key)).toBe(false);
      await expectNothingRegistered(fields);
    });

    it(`refuses ${what} through the multipart form`, async () => {
      const fields = validFields();
      const r = await registerMultipart(api, fields, { data: pdf, name: 'aadhaar.pdf', type: 'application/pdf' });
      expectRefusal(r);
      await expectNothingRegistered(fields);
    });
  }

  it('says which: a hex object stream cannot be checked, a decoded one holds a script', async () => {
    const hex = await registerMultipart(api, validFields(), {
      data: pdfWithPackedAction(PACKED_ACTIONS.JavaScript, 'hex'),
      name: 'aadhaar.pdf',
      type: 'application/pdf',
    });
    expect(hex.json.message).toBe(FILE_MESSAGES.pdfUnsupported);
    const flate = await registerMultipart(api, validFields(), {
      data: pdfWithPackedAction(PACKED_ACTIONS.JavaScript, 'flate-decoy'),
      name: 'aadhaar.pdf',
      type: 'application/pdf',
    });
    expect(flate.json.message).toBe(FILE_MESSAGES.unsafe);
  });
});

describe('plain PDFs', () => {
  const jspdf = (compress: boolean) => {
    const doc = new jsPDF({ compress, unit: 'pt', format: [298, 420] });
    doc.text('AADHAAR SCAN', 30, 40);
    doc.addImage(SAMPLE_PNG, 'PNG', 20, 60, 200, 120);
    return Buffer.from(doc.output('arraybuffer'));
  };

  it('registers the sample and jsPDF files (compressed or not); staff get them as attachments, as stored', async () => {
    for (const file of [SAMPLE_PDF, jspdf(false), jspdf(true)]) {
      const r = await registerFarmer(api, validFields(), { file, contentType: 'application/pdf' });
      expect(r.status, r.text).toBe(201);
      const reg = r.json.data as { id: number; year: number };
      const link = await api.call('GET', `/api/registrations/${reg.id}/aadhaar-file`, {
        token: tokens.seller,
        query: { year: reg.year },
      });
      expect(link.status).toBe(200);
      const got = await fetch(link.json.url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('content-disposition')).toBe('attachment; filename="aadhaar.pdf"');
      expect(Buffer.from(await got.arrayBuffer()).equals(file)).toBe(true);
    }
  });
});
