import { padId } from '../lib/counters';
import { GetCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { catalogueIndexes, defineEntity, type IndexKeys } from '../lib/entity';
import { getRecord } from '../lib/entity-reads';
import { queryIndex, type Item } from '../lib/query';

/**
 * Farmer (docs/data-model.md, "Farmers").
 *
 * FARMER#<id> / FARMER                       the farmer
 *   gsi1: FARMERS / <padded id>              every farmer
 *   gsi2: FARMERS#ACTIVE / <padded id>       only while active (sparse)
 *   gsi3: FARMERCONTACT#<digits> / <padded id>  exact search by contact number at any list size (sparse)
 * FARMERAADHAAR#<hmac> / FARMERAADHAAR       one farmer per Aadhaar number; holds farmerID (by-aadhaar lookup,
 *                                            also used by the registrations area to link a registration)
 * Registrations (written by the registrations area) carry gsi2pk = FARMER#<farmerID>, gsi2sk = <year>#<padded regno>.
 */
export interface FarmerItem {
  farmerID: number;
  name: string;
  aadhaarEnc?: string;
  aadhaarHash?: string;
  aadhaarLast4?: string;
  contactNumber: string;
  village: string;
  category: string;
  fatherName: string;
  adharFilePath: string;
  address: string;
  isActive: boolean;
  searchText: string;
  createdOn: string;
  updatedOn?: string;
}

export const FARMER_PARTITIONS = { all: 'FARMERS', active: 'FARMERS#ACTIVE' } as const;

export const farmerContactPk = (contact: string) => `FARMERCONTACT#${contact.replace(/\D/g, '')}`;

/** The contact index keys of a farmer, or none without a contact number. */
export const farmerContactIndex = (farmerID: number, contact: string): IndexKeys =>
  contact.replace(/\D/g, '') ? { gsi3pk: farmerContactPk(contact), gsi3sk: padId(farmerID) } : {};

export const farmerEntity = defineEntity<FarmerItem>()({
  name: 'Farmer',
  key: (id: number) => ({ pk: `FARMER#${id}`, sk: 'FARMER' }),
  idOf: (f) => f.farmerID,
  indexes: (f) => ({
    ...catalogueIndexes(FARMER_PARTITIONS, f.farmerID, f.isActive),
    ...farmerContactIndex(f.farmerID, f.contactNumber),
  }),
  attributes: [
    'farmerID',
    'name',
    'aadhaarEnc',
    'aadhaarHash',
    'aadhaarLast4',
    'contactNumber',
    'village',
    'category',
    'fatherName',
    'adharFilePath',
    'address',
    'isActive',
    'searchText',
    'createdOn',
    'updatedOn',
  ],
});

export const farmerKey = farmerEntity.key;
export const farmerAadhaarClaimKey = (hash: string) => ({ pk: `FARMERAADHAAR#${hash}`, sk: 'FARMERAADHAAR' });
/** The partition of a farmer's registrations in gsi2 (agreed with the registrations area). */
export const farmerRegistrationsPk = (farmerID: number) => `FARMER#${farmerID}`;

export const getFarmer = (id: number, consistent = false) => getRecord(farmerEntity, id, consistent);

/** The farmer holding this Aadhaar number (keyed hash from the vault), if any. */
export async function farmerIdByAadhaarHash(hash: string): Promise<number | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: farmerAadhaarClaimKey(hash) }));
  return out.Item ? Number(out.Item.farmerID) : undefined;
}

/** The farmer's registrations, newest first (index agreed with the registrations area). */
export async function registrationsOfFarmer(farmerID: number, take: number): Promise<Item[]> {
  const { items } = await queryIndex<Item>({ index: 'gsi2', pk: farmerRegistrationsPk(farmerID), take });
  return items;
}
