import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPost, createProducerCropLot } from '../fixtures/catalogue';
import { useTestApi } from '../support/integration';

/** Whatever a client sends to the catalogue areas, the answer is a clear 4xx (or a success), never a 5xx. */
const { api, tokens } = useTestApi('admin');
let ids: { producerID: number; cropID: number; lotID: number; farmerID: number };

beforeAll(async () => {
  const { producerID, cropID, lot } = await createProducerCropLot(adminPost(api, tokens.admin), {
    producer: { name: 'Fuzz Producer', aadhaarNumber: '712345678908' },
    crop: { cropName: 'Fuzz Crop' },
    lot: { quantityAvailable: 5, pricePerUnit: 5 },
  });
  const f = await api.call('POST', '/api/farmers', { token: tokens.admin, body: { name: 'Fuzz Farmer' } });
  ids = { producerID, cropID, lotID: lot.lotID, farmerID: f.json.farmerID };
});

const writes = () => [
  ['POST', '/api/producers'],
  ['PUT', `/api/producers/${ids.producerID}`],
  ['POST', '/api/crops'],
  ['PUT', `/api/crops/${ids.cropID}`],
  ['POST', '/api/lots'],
  ['PUT', `/api/lots/${ids.lotID}`],
  ['POST', '/api/farmers'],
  ['PUT', `/api/farmers/${ids.farmerID}`],
];

/** Bodies shaped like the real ones, with any value in any field. */
const fieldValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  // Long digit strings; one of 12 digits starts with 0 or 1, so it is never an Aadhaar number: a value stored
  // in a free-text field must not look like one to the run's privacy sweep (test/support/aadhaar-sweep.ts).
  fc.stringMatching(/^(\d{10,11}|[01]\d{11}|\d{13,14})$/),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);
const fields = [
  'name',
  'aadhaarNumber',
  'contactNumber',
  'address',
  'cropName',
  'cropNameHi',
  'description',
  'rules',
  'producerID',
  'cropID',
  'year',
  'quantityAvailable',
  'quantityUsed',
  'pricePerUnit',
  'isSubsidized',
  'village',
  'category',
  'fatherName',
  'adharFilePath',
];
const shapedBody = fc.dictionary(fc.constantFrom(...fields), fieldValue, { maxKeys: 8 });

describe('bad input never gets a 5xx', () => {
  it('write routes, with arbitrary JSON and field values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 7 }), fc.oneof(fc.jsonValue(), shapedBody), async (i, body) => {
        const [method, path] = writes()[i];
        const r = await api.call(method, path, { token: tokens.admin, body });
        expect(r.status, `${method} ${path} ${JSON.stringify(body)} -> ${r.text}`).toBeLessThan(500);
        if (r.status >= 400) expect(typeof r.json?.message).toBe('string');
      }),
      { numRuns: 120 },
    );
  });

  it('list and lookup routes, with arbitrary query values and path segments', async () => {
    const lists = [
      '/api/producers',
      '/api/crops',
      '/api/crops/dropdown',
      '/api/lots',
      '/api/lots/for-crop',
      '/api/lots/preview-code',
      '/api/farmers',
      '/api/farmers/by-aadhaar',
    ];
    const names = [
      'search',
      'take',
      'includeInactive',
      'producerId',
      'cropId',
      'year',
      'isSubsidized',
      'aadhaar',
      'size',
      'download',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists),
        fc.dictionary(
          fc.constantFrom(...names),
          fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String), fc.double().map(String)),
        ),
        async (path, query) => {
          const r = await api.call('GET', path, { token: tokens.admin, query });
          expect(r.status, `${path} ${JSON.stringify(query)} -> ${r.text}`).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/producers/', '/api/crops/', '/api/lots/', '/api/farmers/', '/api/lots/by-code/'),
        fc.string({ minLength: 1, maxLength: 30 }),
        async (prefix, segment) => {
          const r = await api.call('GET', `${prefix}${encodeURIComponent(segment)}`, { token: tokens.admin });
          expect(r.status, `${prefix}${segment} -> ${r.text}`).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
  });
});
