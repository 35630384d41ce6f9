import { requestedKg } from '@shared/crop-rules';
import type { AppointmentRecord } from '@shared/schemas/registration';
import { LIST_TAKE } from '@shared/schemas/common';
import { cropLotsOfYear } from '../lots/lot-entity';
import { gramsToKg, paiseToRupees } from '../lib/units';
import { log } from '../lib/log';
import type { RegistrationItem } from './registration-entity';

/**
 * What the letter says the farmer will take and pay (docs/product-rules.md#the-letter-says-how-many-kilograms-and-what-to-pay):
 * the kg the registration holds, and the price per kg of the lots it is served from (the crop's lots of the
 * registration's year with stock left): one price, or the lowest and highest when those lots differ.
 */

/** Every letter reads its crop's lots: one instance answers from memory for a few seconds, as the crop list does. */
const PRICE_TTL_MS = 10_000;
const priceCache = new Map<string, { at: number; price: AppointmentRecord['pricePerKg'] }>();

/** The lowest and highest price (rupees per kg) of the crop's lots of the year with stock left; of all its lots of the year when none has. */
export async function lotPriceRange(cropId: number, year: number): Promise<AppointmentRecord['pricePerKg']> {
  const key = `${cropId}#${year}`;
  const hit = priceCache.get(key);
  if (hit && Date.now() - hit.at < PRICE_TTL_MS) return hit.price;
  const lots = await cropLotsOfYear(cropId, year, LIST_TAKE);
  const withStock = lots.filter((l) => l.remainingGrams > 0);
  const prices = (withStock.length > 0 ? withStock : lots).map((l) => paiseToRupees(l.pricePaise));
  const price = prices.length > 0 ? { min: Math.min(...prices), max: Math.max(...prices) } : undefined;
  priceCache.set(key, { at: Date.now(), price });
  return price;
}

/** The letter's kg and price; a price that cannot be read leaves the letter without it, never a failed letter. */
export async function letterQuantity(
  r: Pick<RegistrationItem, 'cropId' | 'year' | 'bagsRequested' | 'unit' | 'quantityOffered' | 'promisedGrams'>,
): Promise<Pick<AppointmentRecord, 'quantityKg' | 'pricePerKg'>> {
  // The grams promised at registration are bags × the bag size then; older registrations count the default size.
  const kg = r.quantityOffered === false ? undefined : r.promisedGrams ? gramsToKg(r.promisedGrams) : requestedKg(undefined, r);
  const price = r.cropId
    ? await lotPriceRange(r.cropId, r.year).catch((e: unknown) => {
        log.warn('letter price not read', { error: e instanceof Error ? e.name : 'unknown' });
        return undefined;
      })
    : undefined;
  return { ...(kg ? { quantityKg: kg } : {}), ...(price ? { pricePerKg: price } : {}) };
}
