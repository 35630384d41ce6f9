import { normalizeCropName } from './crop-rules';

/**
 * HSN code of a crop (docs/product-rules.md#bill-of-supply): 4, 6 or 8 digits of the Harmonised System
 * Nomenclature, printed on the bill of supply. Wheat (1001) is preset; other crops have none until an admin sets one.
 */
export const HSN_RE = /^(?:\d{4}|\d{6}|\d{8})$/;
export const HSN_MESSAGE = 'HSN code: 4, 6 or 8 digits';

const PRESETS: Record<string, string> = { wheat: '1001', गेहूँ: '1001', गेहूं: '1001' };

/** The preset HSN code for a crop's name ('' when none). */
export const presetHsnFor = (cropName: string): string => PRESETS[normalizeCropName(cropName)] ?? '';

/**
 * The HSN code of a stored crop: its own (absent on crops stored before crops had one, then the preset for its
 * name; '' when an admin cleared it).
 */
export const hsnOfCrop = (crop: { cropName: string; hsnCode?: string }): string => crop.hsnCode ?? presetHsnFor(crop.cropName);
