import { defaultRulesFor, qtyChoices, type CropRules } from '@shared/crop-rules';
import { typedAadhaar, typedMobile } from '@shared/typed-numbers';
import type { CropDropdownItem } from '@shared/schemas/crops';
import type { RegistrationFieldsInput } from '@shared/schemas/registration';

/**
 * The registration form's values as its inputs hold them: the shared schema's fields as strings, less the
 * two the submit adds (the crop's name, whether staff registered from the admin area, the form's language) and the consent box (a flag).
 */
export type Values = Record<Exclude<keyof RegistrationFieldsInput, 'cropName' | 'isAdmin' | 'consent' | 'lang'>, string>;

/** The form's values when it opens, after Reset and for a New Registration: nothing typed, nothing chosen. */
export const EMPTY: Values = {
  Name: '',
  fatherName: '',
  adharNumber: '',
  mobile: '',
  category: '',
  gender: '',
  village: '',
  block: '',
  subDistrict: '',
  district: '',
  cropId: '',
  bagsRequested: '',
};

/** A fresh idempotency key: one per registration attempt, so a resent Submit is not a second registration. */
export const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The crop's quantity rules (its own, else the defaults for its name). */
export function rulesOf(crop: CropDropdownItem | undefined): CropRules | undefined {
  if (!crop) return undefined;
  return crop.rules ?? defaultRulesFor(crop.name);
}

/**
 * The values of the form the server drew (./takeover), as the app's inputs hold them: the numbers as the inputs
 * keep them, and no crop or quantity the app's lists do not offer (the plain form's quantity list is one for
 * every crop).
 */
export function typedValues(posted: FormData, crops: readonly CropDropdownItem[]): Values {
  const values = { ...EMPTY };
  for (const name of Object.keys(EMPTY) as (keyof Values)[]) {
    const v = posted.get(name);
    if (typeof v === 'string') values[name] = v;
  }
  values.adharNumber = typedAadhaar(values.adharNumber);
  values.mobile = typedMobile(values.mobile);
  const crop = crops.find((c) => String(c.id) === values.cropId);
  if (!crop) values.cropId = '';
  if (!qtyChoices(rulesOf(crop)).map(String).includes(values.bagsRequested)) values.bagsRequested = '';
  return values;
}
