/**
 * What a farmer may ask for, per crop. Stored as attributes of each crop; these are the defaults for the
 * crops the institute sells: wheat in bags of 40 kg, 1 to 3 bags; chickpea and mustard 1 to 6 kg
 * (docs/product-rules.md#quantities-per-crop).
 */
export type CropUnit = 'bag' | 'kg';

export interface CropRules {
  unit: CropUnit;
  /** kg in one bag when unit is 'bag'; 1 when unit is 'kg' (the requested kg counts as one bag of that size). */
  bagSizeKg: number;
  minQty: number;
  maxQty: number;
  defaultQty: number;
}

export const DEFAULT_BAG_SIZE_KG = 40;
/** Overall clamp on the requested quantity (docs/product-rules.md#quantities-per-crop). */
export const QTY_CLAMP = { min: 1, max: 10 } as const;

/** Lower case, no spaces or hyphens: 'Chick-pea ' and 'chickpea' match. */
export function normalizeCropName(name: string): string {
  return name.toLowerCase().replace(/[\s-]+/g, '');
}

export function sameCrop(a: string, b: string): boolean {
  return normalizeCropName(a) === normalizeCropName(b);
}

const DEFAULTS: Record<string, CropRules> = {
  wheat: { unit: 'bag', bagSizeKg: DEFAULT_BAG_SIZE_KG, minQty: 1, maxQty: 3, defaultQty: 1 },
  chickpea: { unit: 'kg', bagSizeKg: 1, minQty: 1, maxQty: 6, defaultQty: 1 },
  mustard: { unit: 'kg', bagSizeKg: 1, minQty: 1, maxQty: 6, defaultQty: 1 },
};

/** Hindi names the institute's farmers use for the same crops. */
const ALIASES: Record<string, string> = { गेहूं: 'wheat', गेहूँ: 'wheat', चना: 'chickpea', gram: 'chickpea', सरसों: 'mustard' };

/** Default rules for a crop name, or undefined for crops that offer no quantity choice. */
export function defaultRulesFor(cropName: string): CropRules | undefined {
  const n = normalizeCropName(cropName);
  return DEFAULTS[n] ?? DEFAULTS[ALIASES[n] ?? ''];
}

/**
 * The rules of a catalogue crop: its stored rules; none when it has none (null: no quantity choice); the
 * defaults for its name on items written before crops carried rules (undefined).
 */
export function rulesOfCrop(crop: { cropName: string; rules?: CropRules | null }): CropRules | undefined {
  if (crop.rules === null) return undefined;
  return crop.rules ?? defaultRulesFor(crop.cropName);
}

export function clampQty(qty: number, rules?: CropRules): number {
  const min = Math.max(QTY_CLAMP.min, rules?.minQty ?? QTY_CLAMP.min);
  const max = Math.min(QTY_CLAMP.max, rules?.maxQty ?? QTY_CLAMP.max);
  return Math.min(max, Math.max(min, Math.round(qty)));
}

/** Quantity choices offered on the registration form (empty for crops without a choice). */
export function qtyChoices(rules?: CropRules): number[] {
  if (!rules) return [];
  const out: number[] = [];
  for (let q = Math.max(QTY_CLAMP.min, rules.minQty); q <= Math.min(QTY_CLAMP.max, rules.maxQty); q++) out.push(q);
  return out;
}

/** The unit's word for n of it: bag / bags (बैग) for bag crops, kg (किलो) otherwise. */
function unitWord(unit: CropUnit | undefined, lang: 'hi' | 'en', n: number): string {
  if (unit === 'bag') return lang === 'hi' ? 'बैग' : n === 1 ? 'bag' : 'bags';
  return lang === 'hi' ? 'किलो' : 'kg';
}

/** A quantity with its unit: '1 bag', '2 bags', '3 kg' in English; बैग and किलो in Hindi. */
export function quantityLabel(n: number, unit: CropUnit | undefined, lang: 'hi' | 'en' = 'hi'): string {
  return `${n} ${unitWord(unit, lang, n)}`;
}

/**
 * A quantity choice of the form: with its kg when the crop is sold in bags ('2 बैग (80 किलो)', '2 bags (80 kg)'),
 * so the farmer knows what a bag holds; '3 किलो' / '3 kg' otherwise.
 */
export function choiceLabel(
  n: number,
  rules: Pick<CropRules, 'unit' | 'bagSizeKg'> | undefined,
  lang: 'hi' | 'en' = 'hi',
): string {
  const label = quantityLabel(n, rules?.unit, lang);
  return rules?.unit === 'bag' ? `${label} (${n * rules.bagSizeKg} ${unitWord('kg', lang, 2)})` : label;
}

/** Unit label in Hindi and English (plural): bags (बैग) for bag crops, kg otherwise. */
export function unitLabel(rules: CropRules | undefined, lang: 'hi' | 'en' = 'hi'): string {
  return unitWord(rules?.unit, lang, 2);
}

/** What a registration asked for, as the sales area needs it. */
export interface RequestedQuantity {
  bagsRequested: number;
  unit: CropUnit;
  /** False when the form offered no quantity for the crop: the crop's maximum is the limit. */
  quantityOffered?: boolean;
}

/**
 * The most a sale may give without an admin's explicit override, in the sale's unit (bags for bag crops, kg
 * otherwise): what the registration asked for, never above the crop's maximum. A registration that asked for
 * no quantity is limited by the crop's maximum.
 */
export function saleLimit(rules: CropRules | undefined, requested: RequestedQuantity): number {
  const cropMax = Math.min(QTY_CLAMP.max, rules?.maxQty ?? QTY_CLAMP.max);
  const askedKg = requestedKg(rules, requested);
  if (askedKg === undefined) return cropMax;
  // Asked in the unit the crop had then; counted in the unit it has now (they differ only after a rules change).
  return Math.min(cropMax, rules?.unit === 'bag' ? Math.floor(askedKg / rules.bagSizeKg) : askedKg);
}

/** The registration's request in kg; undefined when the form offered no quantity. */
export function requestedKg(rules: CropRules | undefined, requested: RequestedQuantity): number | undefined {
  if (requested.quantityOffered === false) return undefined;
  const bagSize = rules?.unit === 'bag' ? rules.bagSizeKg : DEFAULT_BAG_SIZE_KG;
  return requested.unit === 'bag' ? requested.bagsRequested * bagSize : requested.bagsRequested;
}

/** Sale quantity: bag crops count bags of bagSizeKg; other crops take the requested kg as one bag. */
export function saleQuantityKg(
  rules: CropRules | undefined,
  bags: number,
  bagSizeKg?: number,
): { bags: number; bagSizeKg: number; quantityKg: number } {
  if (rules?.unit === 'bag') {
    const size = bagSizeKg && bagSizeKg > 0 ? bagSizeKg : rules.bagSizeKg;
    return { bags, bagSizeKg: size, quantityKg: bags * size };
  }
  return { bags: 1, bagSizeKg: bags, quantityKg: bags };
}
