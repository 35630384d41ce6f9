import { maskMobile } from '@shared/format';
import {
  publicLotPath,
  type CreateLotInput,
  type LotForCrop,
  type LotListQuery,
  type LotResponse,
  type PublicLotResponse,
  type UpdateLotInput,
} from '@shared/schemas/lots';
import { DROPDOWN_TAKE } from '@shared/schemas/common';
import { fieldChanges, type AuditTrail } from '../lib/audit-log';
import { nextValue } from '../lib/counters';
import * as qr from '../lib/qr';
import { AppError, badRequest, conflict, notFound } from '../lib/errors';
import { readPool } from '../allocation/pool';
import { promote, REQUEST_PROMOTION_BUDGET_MS } from '../allocation/promotion';
import { log } from '../lib/log';
import { getCrop, getCrops, type CropItem } from '../crops/crop-entity';
import { getProducer, getProducers, type ProducerItem } from '../producers/producer-entity';
import { formatLotCode } from './codes';
import {
  currentSequence,
  deleteUnusedLot,
  insertLotWithCode,
  listLots,
  lotIdByCode,
  lotsWithStock,
  updateLotFields,
} from './repository';
import { getLot, type LotItem } from './lot-entity';
import { gramsToKg, kgToGrams, paiseToRupees, rupeesToPaise } from '../lib/units';

function toResponse(l: LotItem, producer: ProducerItem | undefined, crop: CropItem | undefined): LotResponse {
  return {
    lotID: l.lotID,
    lotCode: l.lotCode,
    producerID: l.producerID,
    producerName: producer?.name ?? '',
    producerAadhaarLast4: producer?.aadhaarLast4 ?? '',
    ...(producer?.registrationNumber ? { producerRegistrationNumber: producer.registrationNumber } : {}),
    producerContact: producer?.contactNumber ?? '',
    producerAddress: producer?.address ?? '',
    cropID: l.cropID,
    cropName: crop?.cropName ?? '',
    cropNameHi: crop?.cropNameHi ?? '',
    cropDescription: crop?.description ?? '',
    year: l.year,
    quantityAvailable: gramsToKg(l.totalGrams),
    quantityUsed: gramsToKg(l.usedGrams),
    remaining: gramsToKg(l.remainingGrams),
    pricePerUnit: paiseToRupees(l.pricePaise),
    isSubsidized: l.isSubsidized,
    createdOn: l.createdOn,
    ...(l.updatedOn ? { updatedOn: l.updatedOn } : {}),
  };
}

/** Adds producer and crop details (one BatchGet for all the lots' producers and crops). */
async function withDetails(lots: LotItem[]): Promise<LotResponse[]> {
  if (!lots.length) return [];
  const [producers, crops] = await Promise.all([
    getProducers([...new Set(lots.map((l) => l.producerID))]),
    getCrops([...new Set(lots.map((l) => l.cropID))]),
  ]);
  return lots.map((l) => toResponse(l, producers.get(l.producerID), crops.get(l.cropID)));
}

async function one(l: LotItem): Promise<LotResponse> {
  const [producer, crop] = await Promise.all([getProducer(l.producerID), getCrop(l.cropID)]);
  return toResponse(l, producer, crop);
}

async function requireLot(id: number, consistent = false): Promise<LotItem> {
  const l = await getLot(id, consistent);
  if (!l) throw notFound(`Lot ${id} not found`);
  return l;
}

export async function list(q: LotListQuery): Promise<LotResponse[]> {
  return withDetails(await listLots(q));
}

export async function get(id: number): Promise<LotResponse> {
  return one(await requireLot(id));
}

async function lotByCode(code: string): Promise<LotItem> {
  const id = await lotIdByCode(code);
  const lot = id ? await getLot(id) : undefined;
  if (!lot) throw notFound(`No lot with code ${code}`);
  return lot;
}

export async function byCode(code: string): Promise<PublicLotResponse> {
  const r = await one(await lotByCode(code));
  return {
    lotCode: r.lotCode,
    isSubsidized: r.isSubsidized,
    year: r.year,
    cropName: r.cropName,
    cropNameHi: r.cropNameHi,
    cropDescription: r.cropDescription,
    producerName: r.producerName,
    producerAadhaarLast4: r.producerAadhaarLast4,
    // An organisation's registration number is public record, as its name is.
    ...(r.producerRegistrationNumber ? { producerRegistrationNumber: r.producerRegistrationNumber } : {}),
    // Anyone can count lot codes: the producer's number is shown with its last 4 digits only.
    producerContact: r.producerContact ? maskMobile(r.producerContact) : '',
    producerAddress: r.producerAddress,
    quantityAvailable: r.quantityAvailable,
    quantityUsed: r.quantityUsed,
    remaining: r.remaining,
    createdOn: r.createdOn,
  };
}

export async function forCrop(cropId: number): Promise<LotForCrop[]> {
  if (!(await getCrop(cropId))) throw notFound(`Crop ${cropId} not found`);
  const lots = await lotsWithStock(cropId, DROPDOWN_TAKE);
  return lots.map((l) => ({
    lotID: l.lotID,
    lotCode: l.lotCode,
    remaining: gramsToKg(l.remainingGrams),
    pricePerUnit: paiseToRupees(l.pricePaise),
    year: l.year,
    isSubsidized: l.isSubsidized,
  }));
}

/** The code the next lot of this producer and year would get. Nothing is reserved. */
export async function previewCode(q: { producerId: number; year: number; isSubsidized: boolean }): Promise<{ lotCode: string }> {
  if (!(await getProducer(q.producerId))) throw notFound(`Producer ${q.producerId} not found`);
  const seq = (await currentSequence(q.producerId, q.year)) + 1;
  return { lotCode: formatLotCode({ isSubsidized: q.isSubsidized, year: q.year, producerID: q.producerId, seq }) };
}

async function checkActive(producerID: number | undefined, cropID: number | undefined): Promise<void> {
  const [producer, crop] = await Promise.all([
    producerID ? getProducer(producerID, true) : undefined,
    cropID ? getCrop(cropID, true) : undefined,
  ]);
  if (producerID && !producer) throw badRequest(`Producer ${producerID} not found`, { producerID: 'Producer not found' });
  if (producerID && !producer!.isActive)
    throw badRequest(`Producer ${producer!.name} is inactive: restore the producer first`, {
      producerID: 'Producer is inactive',
    });
  if (cropID && !crop) throw badRequest(`Crop ${cropID} not found`, { cropID: 'Crop not found' });
  if (cropID && !crop!.isActive)
    throw badRequest(`Crop ${crop!.cropName} is inactive: restore the crop first`, { cropID: 'Crop is inactive' });
}

/** What an entry shows of a lot's change: its stock (grams), price and crop, before -> after. */
const LOT_FIELDS = ['cropID', 'totalGrams', 'remainingGrams', 'pricePaise'] as const;

export async function create(input: CreateLotInput, audit: AuditTrail): Promise<LotResponse> {
  await checkActive(input.producerID, input.cropID);
  const totalGrams = kgToGrams(input.quantityAvailable);
  const out = await insertLotWithCode(
    {
      lotID: await nextValue('lots'),
      producerID: input.producerID,
      cropID: input.cropID,
      year: input.year,
      isSubsidized: input.isSubsidized,
      totalGrams,
      usedGrams: 0,
      remainingGrams: totalGrams,
      pricePaise: rupeesToPaise(input.pricePerUnit),
      createdOn: new Date().toISOString(),
    },
    (lot) =>
      audit.put(
        { type: 'lot', id: lot.lotID, year: lot.year },
        { summary: `lot ${lot.lotCode} created`, fields: fieldChanges(undefined, lot, LOT_FIELDS) },
      ),
  );
  if (!out.ok) {
    // Inactivated between the check above and the write: the check now says which and why.
    await checkActive(input.producerID, input.cropID);
    throw conflict(`The ${out.reason} was changed while the lot was being saved. Please try again.`);
  }
  await releasePlaces(out.lot.cropID, out.lot.year);
  return one(out.lot);
}

export async function update(id: number, input: UpdateLotInput, audit: AuditTrail): Promise<LotResponse> {
  const current = await requireLot(id, true);
  if (input.producerID !== undefined && input.producerID !== current.producerID) {
    throw badRequest('The producer of a lot cannot be changed', { producerID: 'The producer of a lot cannot be changed' });
  }
  if (input.year !== current.year) {
    throw badRequest(`The year of a lot cannot be changed: it is part of the lot code ${current.lotCode}`, {
      year: 'The year is part of the lot code and cannot be changed',
    });
  }
  if (input.isSubsidized !== undefined && input.isSubsidized !== current.isSubsidized) {
    throw badRequest(`Subsidised or not cannot be changed: it is part of the lot code ${current.lotCode}`, {
      isSubsidized: 'Part of the lot code; cannot be changed',
    });
  }
  const cropChanges = input.cropID !== current.cropID;
  if (cropChanges) await checkActive(undefined, input.cropID);
  const next = {
    cropID: input.cropID,
    totalGrams: kgToGrams(input.quantityAvailable),
    pricePaise: rupeesToPaise(input.pricePerUnit),
  };
  let lot = current;
  for (let attempt = 1; ; attempt++) {
    const after = { ...lot, ...next, remainingGrams: next.totalGrams - lot.usedGrams };
    const entry = audit.put(
      { type: 'lot', id, year: lot.year },
      { summary: `lot ${lot.lotCode} changed`, fields: fieldChanges(lot, after, LOT_FIELDS) },
    );
    const out = await updateLotFields(lot, next, entry);
    if (out.ok) {
      if (out.lot.cropID !== lot.cropID || out.lot.totalGrams > lot.totalGrams) await releasePlaces(out.lot.cropID, out.lot.year);
      return one(out.lot);
    }
    if (out.reason === 'gone' && attempt < EDIT_ATTEMPTS) {
      // Edited by someone else meanwhile: the edit is made again from what is stored now.
      lot = await requireLot(id, true);
      continue;
    }
    const usedKg = gramsToKg((await getLot(id, true))?.usedGrams ?? lot.usedGrams);
    switch (out.reason) {
      case 'below-used': {
        const message = `Total stock cannot be less than the quantity already used (${usedKg} kg)`;
        throw badRequest(message, { quantityAvailable: message });
      }
      case 'crop-used':
        throw conflict(`The crop cannot be changed: ${usedKg} kg of this lot have already been sold`);
      case 'crop':
        await checkActive(undefined, input.cropID);
        throw badRequest('Crop is inactive', { cropID: 'Crop is inactive' });
      case 'promised':
        // Moving the lot away takes all of its kg from its crop: the crop's floor is not what stops it.
        if (cropChanges && out.cropID === lot.cropID) throw await promisedMoveRefusal(lot.cropID);
        throw await promisedRefusal(out.cropID, lot.year);
      default:
        throw conflict('This lot was changed by someone else at the same time. Reload and try again.');
    }
  }
}

/**
 * Stock added to a crop goes to its waiting list at once, in queue order (docs/decisions/0022-allocation.md,
 * section 3). The lot is written whatever happens here: a failure is logged and the next sweep promotes.
 */
async function releasePlaces(cropID: number, year: number): Promise<void> {
  try {
    const { promoted } = await promote(cropID, year, { budgetMs: REQUEST_PROMOTION_BUDGET_MS });
    if (promoted > 0) log.info('stock added: waiting list promoted', { cropID, year, promoted });
  } catch (e) {
    log.warn('promotion after a lot write failed (the sweep promotes later)', { cropID, year, error: (e as Error).message });
  }
}

/** Tries of an edit or a deletion that finds the lot edited by someone else in between. */
const EDIT_ATTEMPTS = 3;

/** The crop's names for a message: Hindi (or the English name when it has none) and English. */
async function cropNames(cropID: number): Promise<{ hi: string; en: string }> {
  const crop = await getCrop(cropID);
  const en = crop?.cropName ?? `crop ${cropID}`;
  return { hi: crop?.cropNameHi || en, en };
}

/**
 * A crop's stock may not go below what its pool has promised to farmers and sold
 * (docs/invariants.md#7-promised-within-stock): the refusal gives that floor.
 */
async function promisedRefusal(cropID: number, year: number): Promise<AppError> {
  const [pool, name] = await Promise.all([readPool(cropID, year), cropNames(cropID)]);
  const floorKg = gramsToKg(pool.promisedGrams + pool.soldGrams);
  return conflict(
    `${name.hi} का स्टॉक ${floorKg} किलो (वादा किया और बिका) से कम नहीं हो सकता / ` +
      `The stock of ${name.en} cannot go below ${floorKg} kg (promised and sold)`,
  );
}

/** A lot whose kg its crop has promised cannot move to another crop. */
async function promisedMoveRefusal(cropID: number): Promise<AppError> {
  const name = await cropNames(cropID);
  return conflict(
    `इस लॉट के किलो ${name.hi} के किसानों को देने का वादा हो चुका है, इसलिए यह दूसरी फसल में नहीं जा सकता / ` +
      `This lot's kg are promised to farmers of ${name.en}, so it cannot move to another crop`,
  );
}

export async function remove(id: number, audit: AuditTrail): Promise<{ success: true; lotID: number }> {
  for (let attempt = 1; ; attempt++) {
    const lot = await requireLot(id, true);
    const entry = audit.put(
      { type: 'lot', id, year: lot.year },
      {
        summary: `lot ${lot.lotCode} deleted (nothing sold from it)`,
        fields: fieldChanges(lot, { ...lot, totalGrams: 0, remainingGrams: 0 }, LOT_FIELDS),
      },
    );
    const out = await deleteUnusedLot(lot, entry);
    switch (out) {
      case 'deleted':
        return { success: true, lotID: id };
      case 'missing':
        throw notFound(`Lot ${id} not found`);
      case 'used':
        throw conflict(`Lot ${lot.lotCode} cannot be deleted: seed has already been sold from it`);
      case 'promised':
        throw await promisedRefusal(lot.cropID, lot.year);
      case 'changed':
        if (attempt < EDIT_ATTEMPTS) continue;
        throw conflict('This lot was changed by someone else at the same time. Reload and try again.');
    }
  }
}

// ---- QR codes: they encode the public lot page ----

export const publicLotUrl = (lotCode: string) => qr.publicUrl(publicLotPath(lotCode));

export interface QrImage {
  lotCode: string;
  data: Buffer | string;
}

export async function qrPng(id: number, size: number): Promise<QrImage> {
  const lot = await requireLot(id);
  const data = await qr.qrPng(publicLotUrl(lot.lotCode), size);
  return { lotCode: lot.lotCode, data };
}

export async function qrSvg(id: number): Promise<QrImage> {
  return svgFor(await requireLot(id));
}

export async function qrSvgByCode(code: string): Promise<QrImage> {
  return svgFor(await lotByCode(code));
}

async function svgFor(lot: LotItem): Promise<QrImage> {
  const data = await qr.qrSvg(publicLotUrl(lot.lotCode));
  return { lotCode: lot.lotCode, data };
}
