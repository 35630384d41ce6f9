/**
 * The registration form's field names in the order the form shows them (its summary of refusals lists them so,
 * and the first one takes the focus): the app's form and the plain form rendered by the server both follow it.
 * No zod here, so the app's form page can import it without the schemas.
 */
export const FILE_FIELD = 'FileAdhar';

export const FORM_FIELDS = [
  'Name',
  'fatherName',
  'adharNumber',
  'mobile',
  'category',
  'gender',
  'village',
  'block',
  'subDistrict',
  'district',
  'cropId',
  'bagsRequested',
  FILE_FIELD,
  'consent',
] as const;

export type FormField = (typeof FORM_FIELDS)[number];
