import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@functions/lib/dynamo-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { docClient, tableName } from '@functions/lib/aws';
import { aadhaarHash } from '@functions/lib/aadhaar-vault';
import { MSG_AADHAAR_INVALID, withVerhoeffDigit } from '@shared/aadhaar';
import { MSG_AADHAAR, MSG_CROP_UNAVAILABLE, MSG_FORM_INVALID, MSG_REQUIRED } from '@shared/schemas/registration';
import { useTestApi } from '../support/integration';
import {
  newAadhaar,
  newMobile,
  postJson,
  registerFarmer,
  registerMultipart,
  SAMPLE_PNG,
  seedCrop,
  seedFormCrops,
  testAadhaar,
  validFields,
} from '../fixtures/registration-helpers';
import { newRegistration } from '../support/steps';

/**
 * The registration's crop is a catalogue crop chosen by id, and the one-per-Aadhaar-per-crop-per-year rule
 * keys on that id; the Aadhaar number must be a real one (first digit 2-9, Verhoeff check digit) wherever one
 * is accepted.
 */
const { api, tokens } = useTestApi('admin', 'seller');
let wheat: number;

const BILINGUAL = /[\u0900-\u097F].* \/ [A-Za-z]/;

beforeAll(async () => {
  ({ wheat } = await seedFormCrops());
});

/** Claims and registrations stored for this Aadhaar number. */
async function claimsOf(aadhaar: string) {
  const out = await docClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': `REGCLAIM#${await aadhaarHash(aadhaar)}` },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

async function registrationsOf(aadhaar: string): Promise<{ total: number; items: { cropName: string; cropId?: number }[] }> {
  const r = await api.call('GET', '/api/registrations', {
    token: tokens.admin,
    headers: { 'x-private-query': `aadhaar=${aadhaar}` },
  });
  expect(r.status, r.text).toBe(200);
  return r.json;
}

describe('the crop of a registration', () => {
  it('counts Wheat, Whеat (Cyrillic е), Wheat. and Banana sent with one crop id as that one crop, named as the catalogue names it', async () => {
    const aadhaar = newAadhaar(6);
    // The first one names the crop 'Banana' beside Wheat's id: the catalogue's name is what is stored.
    const first = await newRegistration(api, { adharNumber: aadhaar, cropName: 'Banana', cropId: wheat });
    const letter = await api.call('GET', `/svsregistration/AppointmentList/${first.uniqeCode}`);
    expect(letter.json.data[0]).toMatchObject({ cropName: 'Wheat', unit: 'bag' });

    for (const cropName of ['Wheat', 'Wh\u0435at', 'Wheat.', 'Banana']) {
      const again = await registerFarmer(
        api,
        validFields({ adharNumber: aadhaar, mobile: newMobile(), cropName, cropId: wheat }),
      );
      expect(again.status, `${cropName}: ${again.text}`).toBe(409);
    }
    expect((await registrationsOf(aadhaar)).total).toBe(1);
    expect((await claimsOf(aadhaar)).map((c) => String(c.sk).replace(/^\d+#/, ''))).toEqual([`CROP#${wheat}`]);
  });

  it('refuses a crop named without a catalogue id (the free-text attack) on the crop field', async () => {
    const aadhaar = newAadhaar(6);
    for (const cropName of ['Wheat', 'Wh\u0435at', 'Wheat.', 'Banana']) {
      const json = await registerFarmer(api, validFields({ adharNumber: aadhaar, cropName, cropId: undefined }));
      expect(json.status, cropName).toBe(400);
      expect(json.json.message).toBe(MSG_FORM_INVALID);
      expect(json.json.fields).toEqual({ cropId: MSG_REQUIRED });
      const form = await registerMultipart(api, validFields({ adharNumber: aadhaar, cropName, cropId: undefined }), {
        data: SAMPLE_PNG,
        name: 'a.png',
        type: 'image/png',
      });
      expect(form.status, cropName).toBe(400);
      expect(form.json.fields.cropId).toBe(MSG_REQUIRED);
    }
    expect((await claimsOf(aadhaar)).length).toBe(0);
  });

  it('refuses an unknown or inactive crop id with a bilingual message on the crop field', async () => {
    const barley = await seedCrop('Barley');
    const off = await api.call('DELETE', `/api/crops/${barley}`, { token: tokens.admin });
    expect(off.status, off.text).toBe(200);
    const aadhaar = newAadhaar(6);
    for (const cropId of [999_999, barley, '0', 'abc', -1]) {
      const r = await registerFarmer(api, validFields({ adharNumber: aadhaar, cropName: 'Barley', cropId }));
      expect(r.status, `${cropId}: ${r.text}`).toBe(400);
      expect(r.json.message).toBe(MSG_FORM_INVALID);
      expect(Object.keys(r.json.fields)).toEqual(['cropId']);
      if (cropId === 999_999 || cropId === barley) {
        expect(r.json.fields.cropId).toBe(MSG_CROP_UNAVAILABLE);
        expect(r.json.fields.cropId).toMatch(BILINGUAL);
      }
    }
    expect((await claimsOf(aadhaar)).length).toBe(0);
    // Restored, it is offered again at once (a crop found missing or inactive is not remembered).
    expect((await api.call('POST', `/api/crops/${barley}/restore`, { token: tokens.admin })).status).toBe(200);
    await newRegistration(api, { adharNumber: aadhaar, cropName: 'Barley', cropId: barley });
  });

  it('gives one registration to a burst of 20 submissions of one Aadhaar and crop id under different crop names and mobiles', async () => {
    const aadhaar = newAadhaar(7);
    const names = ['Wheat', 'Wh\u0435at', 'Wheat.', 'Banana', 'WHEAT', ' wheat '];
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        registerFarmer(
          api,
          validFields({ adharNumber: aadhaar, mobile: newMobile(), cropName: names[i % names.length], cropId: wheat }),
          { idempotencyKey: randomUUID() },
        ),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(','),
    ).toHaveLength(1);
    // The others are told it was made before, or, past the find-my-letter limit they count against, to wait.
    expect(
      statuses.every((s) => s === 201 || s === 409 || s === 429),
      statuses.join(','),
    ).toBe(true);
    expect((await registrationsOf(aadhaar)).total).toBe(1);
    expect(await claimsOf(aadhaar)).toHaveLength(1);
  });
});

describe('the Aadhaar number', () => {
  const good = testAadhaar('23456789012');
  const wrongCheck = `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`;
  const typo = `${good.slice(0, 3)}${(Number(good[3]) + 5) % 10}${good.slice(4)}`;
  const swapped = `${good.slice(0, 5)}${good[6]}${good[5]}${good.slice(7)}`;
  const startsWith1 = withVerhoeffDigit('12345678901');
  const startsWith0 = withVerhoeffDigit('01234567890');
  const refused = {
    'a wrong check digit': wrongCheck,
    'one mistyped digit': typo,
    'two neighbours swapped': swapped,
    'a first digit 1': startsWith1,
    'a first digit 0': startsWith0,
  };

  it('refuses a registration with a number that is not an Aadhaar number, with the bilingual message', async () => {
    expect(good[5]).not.toBe(good[6]);
    for (const [what, n] of Object.entries(refused)) {
      const r = await postJson(api, '/svsregistration', {
        ...validFields({ adharNumber: n }),
        fileKey: 'pending/none-of-these-exist-x',
      });
      expect(r.status, what).toBe(400);
      expect(r.json.message).toBe(MSG_FORM_INVALID);
      expect(r.json.fields.adharNumber, what).toBe(MSG_AADHAAR_INVALID);
      expect(MSG_AADHAAR_INVALID).toMatch(BILINGUAL);
    }
    // A wrong length keeps the 12-digit message.
    const short = await postJson(api, '/svsregistration', { ...validFields({ adharNumber: '23456' }) });
    expect(short.json.fields.adharNumber).toBe(MSG_AADHAAR);
    const ok = await registerFarmer(
      api,
      validFields({ adharNumber: `${good.slice(0, 4)} ${good.slice(4, 8)} ${good.slice(8)}` }),
    );
    expect(ok.status, ok.text).toBe(201);
  });

  it('refuses it on the producer and farmer forms and the staff searches', async () => {
    for (const [what, n] of Object.entries(refused)) {
      const producer = await api.call('POST', '/api/producers', {
        token: tokens.admin,
        body: { name: 'P', aadhaarNumber: n, contactNumber: '9876543210' },
      });
      expect(producer.status, what).toBe(400);
      expect(producer.text).toContain(MSG_AADHAAR_INVALID);

      const farmer = await api.call('POST', '/api/farmers', { token: tokens.admin, body: { name: 'F', aadhaarNumber: n } });
      expect(farmer.status, what).toBe(400);
      expect(farmer.text).toContain(MSG_AADHAAR_INVALID);

      const byAadhaar = await api.call('GET', '/api/farmers/by-aadhaar', {
        token: tokens.seller,
        headers: { 'x-private-query': `aadhaar=${n}` },
      });
      expect(byAadhaar.status, `${what}: ${byAadhaar.text}`).toBe(400);
      expect(byAadhaar.text).toContain(MSG_AADHAAR_INVALID);

      const search = await api.call('GET', '/api/registrations', {
        token: tokens.seller,
        headers: { 'x-private-query': `aadhaar=${n}` },
      });
      expect(search.status, what).toBe(400);
      expect(search.text).toContain(MSG_AADHAAR_INVALID);
    }
    // The last 4 digits are still a search.
    const last4 = await api.call('GET', '/api/registrations', { token: tokens.seller, query: { aadhaar: '1234' } });
    expect(last4.status).toBe(200);
  });
});
