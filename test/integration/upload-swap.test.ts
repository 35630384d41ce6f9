import { GetObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { s3Client } from '@functions/lib/s3-client';
import { onS3Request } from '@functions/lib/s3';
import { getRegistration } from '@functions/registrations/registration-entity';
import { FILE_MESSAGES } from '@functions/registrations/uploads';
import { MSG_FILE } from '@shared/schemas/registration';
import { useTestApi } from '../support/integration';
import { settleAfterEachTest } from '../support/started-work';
import { postJson, SAMPLE_PNG, seedFormCrops, uploadScan, validFields } from '../fixtures/registration-helpers';

/**
 * The scan swapped between the server's check and its storing: the presigned PUT URL stays valid for
 * minutes, so the farmer's browser (or anyone holding the URL) can PUT again while the submit runs. What is
 * stored under aadhaar/ must be the bytes that were checked, never what the pending object holds later.
 */
const { api } = useTestApi();
/** A try's submit and PUTs are awaited in full, also when its test fails or times out. */
const work = settleAfterEachTest();

/** A page of exactly the scan's size: the presigned URL signs Content-Type and Content-Length, not the bytes. */
const HTML = (() => {
  const page = '<!doctype html><html><body><script>alert(document.domain)</script></body></html>';
  return Buffer.from(page.replace('</body>', `${' '.repeat(SAMPLE_PNG.length - page.length)}</body>`));
})();

beforeAll(async () => {
  await seedFormCrops();
});

async function storedScan(id: number, year: number): Promise<Buffer> {
  const reg = await getRegistration(year, id, true);
  expect(reg, `registration ${id}`).toBeDefined();
  expect(reg!.adharFilePath).toMatch(/^aadhaar\//);
  const out = await s3Client().send(new GetObjectCommand({ Bucket: process.env.UPLOADS_BUCKET, Key: reg!.adharFilePath }));
  return Buffer.from(await out.Body!.transformToByteArray());
}

/** True when the page was stored (s3rver may fail a PUT that meets the server's delete of the same key). */
async function putHtml(uploadUrl: string): Promise<boolean> {
  const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(HTML) });
  await put.arrayBuffer();
  return put.ok;
}

describe('a scan swapped during the submit', () => {
  it('stores the checked image when HTML is PUT to the same URL right after the check', async () => {
    const { key, uploadUrl } = await uploadScan(api, SAMPLE_PNG, { contentType: 'image/png', fileName: 'scan.png' });
    // Between the server's read of the pending object and its storing of the scan, the URL is used again.
    let swapped = false;
    const stopWatching = onS3Request(async ({ operation, key: stored }) => {
      if (!swapped && (operation === 'PutObject' || operation === 'CopyObject') && stored?.startsWith('aadhaar/')) {
        swapped = await putHtml(uploadUrl);
      }
    });
    try {
      const r = await postJson(api, '/svsregistration', { ...validFields(), fileKey: key });
      expect(r.status, r.text).toBe(201);
      expect(swapped).toBe(true);
      expect((await storedScan(r.json.data.id, r.json.data.year)).equals(SAMPLE_PNG)).toBe(true);
    } finally {
      stopWatching();
    }
  });

  // Twenty tries, as four tests of five (every fourth try each, so each test has delays from 0 to 57 ms): each
  // test ends well inside its time on a busy machine.
  it.each([0, 1, 2, 3])(
    'never stores the HTML when it is PUT again and again around the submit (tries %i, +4, …)',
    async (first) => {
      let acknowledged = 0;
      let stored = 0;
      for (let i = first; i < 20; i += 4) {
        const { key, uploadUrl } = await uploadScan(api, SAMPLE_PNG, { contentType: 'image/png', fileName: 'scan.png' });
        let answered = false;
        const submit = work.track(
          postJson(api, '/svsregistration', { ...validFields(), fileKey: key }).finally(() => (answered = true)),
        );
        // From 0 to 57 ms after the submit, then back to back until it answers.
        await new Promise((r) => setTimeout(r, (i % 20) * 3));
        const swaps = work.track(
          (async () => {
            for (let n = 0; n < 60 && !answered; n++) if (await putHtml(uploadUrl)) stored += 1;
          })(),
        );
        const [r] = await Promise.all([submit, swaps]);
        if (r.status === 201) {
          acknowledged += 1;
          const stored = await storedScan(r.json.data.id, r.json.data.year);
          expect(stored.equals(SAMPLE_PNG), `try ${i}: the stored scan is the checked image`).toBe(true);
        } else if (r.status === 503) {
          // s3rver failed the read while a PUT replaced the object: 'busy, submit again', nothing registered.
          expect(r.json.code, `try ${i}`).toBe('UNAVAILABLE');
        } else {
          // The HTML landed before the check: refused as a file problem, nothing registered.
          expect(r.status, `try ${i}: ${r.text}`).toBe(400);
          expect(r.json.fields).toEqual({ FileAdhar: MSG_FILE });
          // (s3rver may also show the object empty or absent while a PUT rewrites it.)
          expect([
            FILE_MESSAGES.wrongType,
            FILE_MESSAGES.unsafe,
            FILE_MESSAGES.changed,
            FILE_MESSAGES.empty,
            FILE_MESSAGES.missing,
          ]).toContain(r.json.message);
        }
      }
      // How many tries raced the check, and so how many were acknowledged, is up to the clock and the machine's
      // load; the first test pins the acknowledged path. Here every try must end in one of the outcomes above,
      // and the HTML must really have been put again and again.
      expect(acknowledged).toBeLessThanOrEqual(5);
      expect(stored).toBeGreaterThan(0);
    },
  );
});
