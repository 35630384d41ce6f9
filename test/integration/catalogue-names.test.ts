import { describe, expect, it } from 'vitest';
import { MSG_NAME_CHARS, MSG_NAME_CHARS_BILINGUAL } from '@shared/name-text';
import { adminPost, createProducerCropLot } from '../fixtures/catalogue';
import { newMobile, registerFarmer, testAadhaar, validFields } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/**
 * Look-alike catalogue names and names carrying control or bidirectional characters
 * (docs/decisions/0038-catalogue-names.md): `Whеat` (Cyrillic е), `W\u200Bheat`, `Ｗheat` and `Wheat.` beside
 * `Wheat` would let one Aadhaar number hold a registration for each.
 */
const { api, tokens } = useTestApi('admin');

const createCrop = (body: Record<string, unknown>) => api.call('POST', '/api/crops', { token: tokens.admin, body });
const editCrop = (id: number, body: Record<string, unknown>) =>
  api.call('PUT', `/api/crops/${id}`, { token: tokens.admin, body });
const cropsNamed = async (search: string) =>
  (await api.call('GET', '/api/crops', { token: tokens.admin, query: { search, includeInactive: 'true' } })).json as {
    cropID: number;
    cropName: string;
  }[];

/** A crop of this name, made now or found from an earlier test of this file. */
async function crop(cropName: string): Promise<number> {
  const made = await createCrop({ cropName });
  if (made.status === 201) return made.json.cropID;
  expect(made.status, made.text).toBe(409);
  return Number(/\(ID (\d+)\)/.exec(made.json.message)?.[1]);
}

const takenMessage = (name: string, id: number) => `A crop named ${name} already exists (ID ${id}).`;

describe('crops: a look-alike of an existing name is refused, naming the crop that exists', () => {
  it.each([
    ['Whеat', 'a Cyrillic е'],
    ['Wheаt', 'a Cyrillic а'],
    ['Whe\u03b1t', 'a Greek α'],
    ['W\u200Bheat', 'a zero-width space'],
    ['Whe\u2060at\ufeff', 'a word joiner and a byte-order mark'],
    ['Ｗheat', 'a fullwidth Ｗ'],
    ['Ｗｈｅａｔ', 'fullwidth letters'],
    ['Wheat.', 'a trailing full stop'],
    ['"Wheat"', 'quotes'],
    ['WHEAT', 'capitals'],
    [' Whe-at ', 'a hyphen and spaces'],
  ])('%j (%s) beside Wheat: 409', async (cropName) => {
    const wheat = await crop('Wheat');
    const r = await createCrop({ cropName });
    expect(r.status, r.text).toBe(409);
    expect(r.json.message).toContain(takenMessage('Wheat', wheat));
    expect(r.json.message).toMatch(/look-alike letters of another script are the same crop/);
    expect((await cropsNamed('heat')).map((c) => c.cropName)).toEqual(['Wheat']);
  });

  it('an edit that renames a crop to a look-alike of another is refused the same way', async () => {
    const wheat = await crop('Wheat');
    const barley = await crop('Barley');
    const r = await editCrop(barley, { cropName: 'Whеat.' });
    expect(r.status, r.text).toBe(409);
    expect(r.json.message).toContain(takenMessage('Wheat', wheat));
    expect((await api.call('GET', `/api/crops/${barley}`, { token: tokens.admin })).json.cropName).toBe('Barley');
  });

  it('a crop may be renamed to a look-alike of its own name (its claim moves with it)', async () => {
    const oats = await crop('Oats');
    const r = await editCrop(oats, { cropName: 'OATS' });
    expect(r.status, r.text).toBe(200);
    expect(r.json.cropName).toBe('OATS');
    const again = await createCrop({ cropName: 'Оats' }); // Cyrillic О
    expect(again.status).toBe(409);
    expect(again.json.message).toContain(takenMessage('OATS', oats));
  });

  it('a name of punctuation and invisible characters alone is refused with 400', async () => {
    const r = await createCrop({ cropName: '. -\u200b' });
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toBe('Crop name is required');
  });

  it('a burst of look-alikes made at the same time lets exactly one through', async () => {
    const names = ['Sorghum', 'Sоrghum', 'Sοrghum', 'S\u200Borghum', 'Ｓorghum', 'Sorghum.', 'SORGHUM', 'Sorg-hum'];
    const replies = await Promise.all([...names, ...names].map((cropName) => createCrop({ cropName })));
    const made = replies.filter((r) => r.status === 201);
    expect(made.length, replies.map((r) => `${r.status} ${r.text}`).join('\n')).toBe(1);
    const winner = made[0].json as { cropID: number; cropName: string };
    for (const r of replies.filter((x) => x.status !== 201)) {
      expect(r.status, r.text).toBe(409);
      expect(r.json.message).toContain(takenMessage(winner.cropName, winner.cropID));
    }
    expect((await cropsNamed('rghum')).map((c) => c.cropID)).toEqual([winner.cropID]);
  });
});

describe('names with control or bidirectional characters are refused', () => {
  const NUL = 'Mai\u0000ze';
  const RLO = 'Mai\u202Eze';

  it.each([
    ['NUL', NUL],
    ['a right-to-left override', RLO],
  ])('a crop name or Hindi name with %s: 400, and nothing stored', async (_what, bad) => {
    for (const body of [{ cropName: bad }, { cropName: 'Maize', cropNameHi: `मक्का${bad.slice(3, 4)}` }]) {
      const r = await createCrop(body);
      expect(r.status, r.text).toBe(400);
      expect(r.json.message).toContain(MSG_NAME_CHARS);
    }
    const maize = await crop('Maize');
    const edit = await editCrop(maize, { cropName: bad });
    expect(edit.status, edit.text).toBe(400);
    expect((await cropsNamed('ai')).map((c) => c.cropName)).toEqual(['Maize']);
  });

  it.each([
    ['NUL', 'Seeds\u0000 Co'],
    ['a right-to-left override', 'Seeds \u202Eoc'],
    ['a left-to-right isolate', 'Seeds \u2066Co'],
  ])('a producer name with %s: 400', async (_what, name) => {
    const r = await api.call('POST', '/api/producers', {
      token: tokens.admin,
      body: { name, aadhaarNumber: testAadhaar('27777000001'), contactNumber: '9876500000', address: 'Kanpur' },
    });
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toContain(MSG_NAME_CHARS);
  });

  it.each([
    ['Name', 'Ram\u0000'],
    ['Name', 'राम\u202Eप्रसाद'],
    ['fatherName', 'शिव\u0000'],
    ['village', 'सरैया\u202E'],
  ])('a registration with %s %j: 400 with the Hindi and English message', async (field, value) => {
    const r = await registerFarmer(api, validFields({ [field]: value, cropId: 1, mobile: newMobile() }));
    expect(r.status, r.text).toBe(400);
    expect(r.json.fields?.[field]).toBe(MSG_NAME_CHARS_BILINGUAL);
  });

  it('a Devanagari name written with a zero-width joiner or non-joiner registers', async () => {
    const { cropID } = await createProducerCropLot(adminPost(api, tokens.admin), {
      producer: {
        name: 'Joiner Seeds',
        aadhaarNumber: testAadhaar('27777000002'),
        contactNumber: '9876500001',
        address: 'Kanpur',
      },
      crop: { cropName: 'Lentil' },
      lot: { quantityAvailable: 1000, pricePerUnit: 90 },
    });
    const Name = 'लक्\u200Dष्मी क्\u200Cष';
    const r = await newRegistration(api, { Name, cropName: 'Lentil', cropId: cropID, bagsRequested: 1 });
    const letter = await api.call('GET', `/svsregistration/AppointmentList/${r.uniqueCode}`);
    expect(letter.json.data[0].name ?? letter.json.data[0].Name).toBe(Name);
  });
});
