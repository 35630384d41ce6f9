import type { CropRules } from '@shared/crop-rules';
import { catalogueIndexes, defineEntity } from '../lib/entity';
import { getRecord, getRecords, listCatalogue } from '../lib/entity-reads';

/**
 * Crop (docs/data-model.md, "Crops").
 *
 * CROP#<id> / CROP                        the crop, with its registration rules
 *   gsi1: CROPS / <padded id>             every crop
 *   gsi2: CROPS#ACTIVE / <padded id>      only while active (sparse: default list and public dropdown)
 * CROPNAME#<name key> / CROPNAME          one crop per name key (catalogueNameKey, shared/name-key.ts: case,
 *                                         spaces, punctuation, invisible characters and look-alike letters
 *                                         of other scripts ignored); holds cropID
 */
export interface CropItem {
  cropID: number;
  cropName: string;
  /** The Hindi name; absent or '' when the crop has none (the pages then show cropName). */
  cropNameHi?: string;
  /** catalogueNameKey(cropName) (shared/name-key.ts); names stored before it carry the older key, see docs/decisions/0038-catalogue-names.md */
  cropNameKey: string;
  description: string;
  rules: CropRules | null;
  /** 4, 6 or 8 digits, '' for none; absent on crops stored before (read with the preset, shared/hsn.ts). */
  hsnCode?: string;
  isActive: boolean;
  searchText: string;
  createdOn: string;
  updatedOn?: string;
}

export const CROP_PARTITIONS = { all: 'CROPS', active: 'CROPS#ACTIVE' } as const;

export const cropEntity = defineEntity<CropItem>()({
  name: 'Crop',
  key: (id: number) => ({ pk: `CROP#${id}`, sk: 'CROP' }),
  idOf: (c) => c.cropID,
  indexes: (c) => catalogueIndexes(CROP_PARTITIONS, c.cropID, c.isActive),
  attributes: [
    'cropID',
    'cropName',
    'cropNameHi',
    'cropNameKey',
    'description',
    'rules',
    'hsnCode',
    'isActive',
    'searchText',
    'createdOn',
    'updatedOn',
  ],
});

export const cropKey = cropEntity.key;
export const cropNameClaimKey = (key: string) => ({ pk: `CROPNAME#${key}`, sk: 'CROPNAME' });

export const getCrop = (id: number, consistent = false) => getRecord(cropEntity, id, consistent);

export const getCrops = (ids: number[]) => getRecords(cropEntity, ids);

export const listCrops = (o: { includeInactive: boolean; search?: string; take: number }) =>
  listCatalogue(cropEntity, CROP_PARTITIONS, o);
