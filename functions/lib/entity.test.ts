import { describe, expect, it } from 'vitest';
import { cropEntity, type CropItem } from '../crops/crop-entity';
import { farmerEntity, type FarmerItem } from '../farmers/farmer-entity';
import { lotEntity, type LotItem } from '../lots/lot-entity';
import { producerEntity, type ProducerItem } from '../producers/producer-entity';
import { invoiceEntity, type InvoiceItem } from '../sales/invoice-entity';
import { defineEntity, KEY_ATTRIBUTES } from './entity';
import { userEntity, type UserItem } from './user-entity';

const crop: CropItem = {
  cropID: 12,
  cropName: 'Wheat',
  cropNameKey: 'wheat',
  description: '',
  rules: null,
  isActive: true,
  searchText: 'wheat',
  createdOn: '2026-01-01T00:00:00.000Z',
};

describe('defineEntity', () => {
  it('stores a record under its key and index attributes, and reads back the record alone', () => {
    const item = cropEntity.toItem(crop);
    expect(item).toEqual({
      pk: 'CROP#12',
      sk: 'CROP',
      gsi1pk: 'CROPS',
      gsi1sk: '0000000012',
      gsi2pk: 'CROPS#ACTIVE',
      gsi2sk: '0000000012',
      ...crop,
    });
    expect(cropEntity.fromItem(item)).toEqual(crop);
    expect(cropEntity.fromItem(undefined)).toBeUndefined();
  });

  it('keeps an inactive record out of the active index (sparse)', () => {
    const item = cropEntity.toItem({ ...crop, isActive: false });
    expect(item).not.toHaveProperty('gsi2pk');
    expect(item).not.toHaveProperty('gsi2sk');
  });

  it('keeps attributes other areas add to a stored item (the last sale of a lot)', () => {
    const stored = { pk: 'LOT#1', sk: 'LOT', gsi3pk: 'x', lotID: 1, lastSaleOn: '2026-02-02T00:00:00.000Z' };
    expect(lotEntity.fromItem(stored)).toEqual({ lotID: 1, lastSaleOn: '2026-02-02T00:00:00.000Z' });
  });

  it('does not compile when an attribute of the record is not listed', () => {
    const define = defineEntity<{ id: number; name: string }>();
    // @ts-expect-error 'name' is missing from attributes
    define({
      name: 'T',
      key: (id: number) => ({ pk: `T#${id}`, sk: 'T' }),
      idOf: (t) => t.id,
      indexes: () => ({}),
      attributes: ['id'],
    });
    const ok = define({
      name: 'T',
      key: (id: number) => ({ pk: `T#${id}`, sk: 'T' }),
      idOf: (t) => t.id,
      indexes: () => ({}),
      attributes: ['id', 'name'],
    });
    expect(ok.toItem({ id: 1, name: 'a' })).toEqual({ pk: 'T#1', sk: 'T', id: 1, name: 'a' });
  });
});

/** The keys and index attributes of each item type, as docs/data-model.md lists them. */
describe('the stored item types', () => {
  const cases = [
    {
      entity: producerEntity,
      record: {
        producerID: 3,
        name: 'P',
        aadhaarEnc: 'e',
        aadhaarHash: 'h',
        aadhaarLast4: '1234',
        contactNumber: '9',
        address: 'a',
        isActive: true,
        searchText: 'p',
        createdOn: 't',
      } satisfies ProducerItem,
      keys: {
        pk: 'PRODUCER#3',
        sk: 'PRODUCER',
        gsi1pk: 'PRODUCERS',
        gsi1sk: '0000000003',
        gsi2pk: 'PRODUCERS#ACTIVE',
        gsi2sk: '0000000003',
      },
    },
    {
      entity: farmerEntity,
      record: {
        farmerID: 4,
        name: 'F',
        contactNumber: '98-76',
        village: 'v',
        category: 'c',
        fatherName: 'f',
        adharFilePath: '',
        address: '',
        isActive: true,
        searchText: 'f',
        createdOn: 't',
      } satisfies FarmerItem,
      keys: {
        pk: 'FARMER#4',
        sk: 'FARMER',
        gsi1pk: 'FARMERS',
        gsi1sk: '0000000004',
        gsi2pk: 'FARMERS#ACTIVE',
        gsi2sk: '0000000004',
        gsi3pk: 'FARMERCONTACT#9876',
        gsi3sk: '0000000004',
      },
    },
    {
      entity: lotEntity,
      record: {
        lotID: 5,
        lotCode: 'L',
        producerID: 3,
        cropID: 12,
        year: 2026,
        isSubsidized: false,
        totalGrams: 10,
        usedGrams: 0,
        remainingGrams: 10,
        pricePaise: 100,
        createdOn: 't',
      } satisfies LotItem,
      keys: {
        pk: 'LOT#5',
        sk: 'LOT',
        gsi1pk: 'LOTS',
        gsi1sk: '2026#0000000005',
        gsi2pk: 'CROPLOTS#12',
        gsi2sk: '2026#0000000005',
        gsi3pk: 'PRODUCERLOTS#3',
        gsi3sk: '2026#0000000005',
      },
    },
    {
      entity: userEntity,
      record: {
        userID: 6,
        fullName: 'U',
        email: 'u@x',
        passwordHash: 'h',
        isActive: true,
        roleIds: [1],
        createdOn: 't',
      } satisfies UserItem,
      keys: { pk: 'USER#6', sk: 'USER', gsi1pk: 'USERS', gsi1sk: '0000000006' },
    },
    {
      entity: invoiceEntity,
      record: {
        invoiceNumber: 'INV2526-000001',
        generatedOn: 'g',
        fyStart: 2025,
        createdByUserId: 7,
        lotCode: 'L',
      } as InvoiceItem,
      keys: {
        pk: 'INVOICE#INV2526-000001',
        sk: 'INVOICE',
        gsi1pk: 'INVOICES#2025',
        gsi1sk: 'g#INV2526-000001',
        gsi2pk: 'INVSELLER#7',
        gsi2sk: 'g#INV2526-000001',
        gsi3pk: 'INVLOT#L',
        gsi3sk: 'g#INV2526-000001',
      },
    },
  ] as const;

  it.each(cases.map((c) => [c.entity.name, c] as const))('%s', (_, c) => {
    const toItem = c.entity.toItem as (r: object) => Record<string, unknown>;
    const item = toItem(c.record);
    expect(Object.fromEntries(Object.entries(item).filter(([k]) => KEY_ATTRIBUTES.includes(k)))).toEqual(c.keys);
    expect((c.entity.fromItem as (i: object) => unknown)(item)).toEqual(c.record);
  });

  it('leaves a farmer without a contact number out of the contact index', () => {
    const item = farmerEntity.toItem({ ...cases[1].record, contactNumber: '' });
    expect(item).not.toHaveProperty('gsi3pk');
  });
});
