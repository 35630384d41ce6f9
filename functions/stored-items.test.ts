import { describe, expect, it } from 'vitest';
import { cropEntity, type CropItem } from './crops/crop-entity';
import { exportJobEntity, type ExportJobItem } from './exports/job-entity';
import { farmerEntity, type FarmerItem } from './farmers/farmer-entity';
import { KEY_ATTRIBUTES } from './lib/entity';
import { userEntity, type UserItem } from './lib/user-entity';
import { lotEntity, type LotItem } from './lots/lot-entity';
import { producerEntity, type ProducerItem } from './producers/producer-entity';
import { invoiceEntity, type InvoiceItem } from './sales/invoice-entity';

/** The keys and index attributes of each item type declared with defineEntity, as docs/data-model.md lists them. */
describe('the stored item types', () => {
  const crop: CropItem = {
    cropID: 12,
    cropName: 'Wheat',
    cropNameKey: 'wheat',
    description: '',
    rules: null,
    isActive: true,
    searchText: 'wheat',
    createdOn: 't',
  };
  const cases = [
    {
      entity: cropEntity,
      record: crop,
      keys: { pk: 'CROP#12', sk: 'CROP', gsi1pk: 'CROPS', gsi1sk: '0000000012', gsi2pk: 'CROPS#ACTIVE', gsi2sk: '0000000012' },
    },
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
    {
      entity: exportJobEntity,
      record: { id: 'AAAAAAAAAAAAAAAAAAAAAA', kind: 'registrations', status: 'running', rowsDone: 0 } as ExportJobItem,
      keys: { pk: 'EXPORT#AAAAAAAAAAAAAAAAAAAAAA', sk: 'EXPORT' },
    },
  ] as const;

  it.each(cases.map((c) => [c.entity.name, c] as const))('%s', (_, c) => {
    const toItem = c.entity.toItem as (r: object) => Record<string, unknown>;
    const item = toItem(c.record);
    expect(Object.fromEntries(Object.entries(item).filter(([k]) => KEY_ATTRIBUTES.includes(k)))).toEqual(c.keys);
    expect((c.entity.fromItem as (i: object) => unknown)(item)).toEqual(c.record);
  });

  it('leaves a farmer without a contact number out of the contact index', () => {
    const item = farmerEntity.toItem({ ...cases[2].record, contactNumber: '' });
    expect(item).not.toHaveProperty('gsi3pk');
  });
});
