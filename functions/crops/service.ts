import { defaultRulesFor } from '@shared/crop-rules';
import { hsnOfCrop, presetHsnFor } from '@shared/hsn';
import { catalogueNameKey } from '@shared/name-key';
import type { CropInput, CropListQuery, CropResponse } from '@shared/schemas/crops';
import { nextValue } from '../lib/counters';
import { badRequest, conflict, notFound } from '../lib/errors';
import { activeFlagEntry, fieldChanges, type AuditTrail } from '../lib/audit-log';
import { searchTextOf } from '../lib/query';
import { insertCrop, setCropActive, updateCrop, type CropWriteOutcome } from './repository';
import { getCrop, listCrops, type CropItem } from './crop-entity';
import { forgetDropdown } from './crop-dropdown';

function toResponse(c: CropItem): CropResponse {
  return {
    cropID: c.cropID,
    cropName: c.cropName,
    cropNameHi: c.cropNameHi ?? '',
    description: c.description ?? '',
    isActive: c.isActive,
    createdOn: c.createdOn,
    ...(c.updatedOn ? { updatedOn: c.updatedOn } : {}),
    rules: c.rules ?? null,
    hsnCode: hsnOfCrop(c),
  };
}

/**
 * The crop already holding the name's key, named as it is stored: `Whеat` (Cyrillic е) is refused as the crop
 * "Wheat" that exists, not as itself (docs/decisions/0038-catalogue-names.md).
 */
async function nameTaken(out: Extract<CropWriteOutcome, { ok: false }>, typed: string) {
  const existing = out.takenBy ? await getCrop(out.takenBy, true) : undefined;
  const name = existing?.cropName ?? typed;
  const id = existing?.cropID ?? out.takenBy;
  return conflict(
    `A crop named ${name} already exists${id ? ` (ID ${id})` : ''}. Names that differ only in case, spaces, hyphens, ` +
      'punctuation, invisible characters or look-alike letters of another script are the same crop.',
    { cropID: id },
  );
}

/** The name's comparison key (shared/name-key.ts); a name of punctuation or invisible characters alone has none. */
function nameKey(name: string): string {
  const key = catalogueNameKey(name);
  if (!key) throw badRequest('Crop name is required', { cropName: 'Crop name is required' });
  return key;
}

export async function list(q: CropListQuery): Promise<CropResponse[]> {
  const items = await listCrops({ includeInactive: q.includeInactive, search: q.search || undefined, take: q.take });
  return items.map(toResponse);
}

export async function requireCrop(id: number): Promise<CropItem> {
  const c = await getCrop(id);
  if (!c) throw notFound(`Crop ${id} not found`);
  return c;
}

export async function get(id: number): Promise<CropResponse> {
  return toResponse(await requireCrop(id));
}

const CROP_FIELDS = ['cropName', 'cropNameHi', 'description', 'rules', 'hsnCode'] as const;

export async function create(input: CropInput, audit: AuditTrail): Promise<CropResponse> {
  const cropNameKey = nameKey(input.cropName);
  const item: CropItem = {
    cropID: await nextValue('crops'),
    cropName: input.cropName,
    cropNameHi: input.cropNameHi ?? '',
    cropNameKey,
    description: input.description ?? '',
    // Absent rules: the defaults for wheat, chickpea and mustard; other crops offer no choice
    // (docs/product-rules.md#quantities-per-crop).
    rules: input.rules === undefined ? (defaultRulesFor(input.cropName) ?? null) : input.rules,
    hsnCode: input.hsnCode === undefined ? presetHsnFor(input.cropName) : input.hsnCode,
    isActive: true,
    searchText: searchTextOf(input.cropName, input.cropNameHi, input.description),
    createdOn: new Date().toISOString(),
  };
  const out = await insertCrop(
    item,
    audit.put(
      { type: 'crop', id: item.cropID },
      { summary: `crop ${item.cropName} created`, fields: fieldChanges(undefined, item, CROP_FIELDS) },
    ),
  );
  if (!out.ok) throw await nameTaken(out, input.cropName);
  forgetDropdown();
  return toResponse(item);
}

export async function update(id: number, input: CropInput, audit: AuditTrail): Promise<CropResponse> {
  const current = await getCrop(id, true);
  if (!current) throw notFound(`Crop ${id} not found`);
  const next = {
    cropName: input.cropName,
    cropNameHi: input.cropNameHi ?? '',
    cropNameKey: nameKey(input.cropName),
    description: input.description ?? '',
    rules: input.rules === undefined ? (current.rules ?? defaultRulesFor(input.cropName) ?? null) : input.rules,
    hsnCode: input.hsnCode === undefined ? hsnOfCrop({ ...current, cropName: input.cropName }) : input.hsnCode,
    searchText: searchTextOf(input.cropName, input.cropNameHi, input.description),
  };
  const out = await updateCrop(
    current,
    next,
    audit.put({ type: 'crop', id }, { fields: fieldChanges(current, { ...current, ...next }, CROP_FIELDS) }),
  );
  if (!out.ok) {
    if (out.reason === 'name-taken') throw await nameTaken(out, input.cropName);
    throw conflict('This crop was changed by someone else at the same time. Reload and try again.');
  }
  forgetDropdown();
  return toResponse({ ...current, ...next, updatedOn: new Date().toISOString() });
}

export async function setActive(id: number, active: boolean, audit: AuditTrail): Promise<CropResponse> {
  const c = await setCropActive(id, active, activeFlagEntry(audit, { type: 'crop', id }, active));
  if (!c) throw notFound(`Crop ${id} not found`);
  forgetDropdown();
  return toResponse(c);
}
