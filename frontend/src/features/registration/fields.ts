import type * as shared from '@shared/schemas/registration';

/**
 * What the registration form needs to draw itself, without zod: the choices, the file input's name and
 * accept list (the Aadhaar and mobile inputs read numbers with @shared/typed-numbers). The shared schema module
 * (shared/schemas/registration.ts) holds the same values but also the zod schemas, which the form only
 * needs on Submit (./validate.ts, fetched then). The `satisfies` clauses make tsc refuse any drift from
 * the shared values; fields.test.ts compares them at run time too.
 */
export const CATEGORIES = ['GEN', 'OBC', 'SC', 'ST'] as const satisfies typeof shared.CATEGORIES;
export const GENDERS = ['पुरुष', 'महिला'] as const satisfies typeof shared.GENDERS;
export const FILE_ACCEPT =
  '.gif,.jpg,.jpeg,.png,.pdf,image/gif,image/jpeg,image/png,application/pdf' satisfies typeof shared.FILE_ACCEPT;

/**
 * The field messages (docs/product-rules.md#registration-form-checks-and-messages) as the shared schema and
 * the server give them, by the key of their rendering in registration.fieldErrors (en.ts: the same Hindi, then
 * the English).
 */
export const FIELD_MESSAGES = {
  required: 'आवश्यक' satisfies typeof shared.MSG_REQUIRED,
  aadhaar: '12 अंकों का नंबर दर्ज करें' satisfies typeof shared.MSG_AADHAAR,
  mobile: '10 अंकों का नंबर दर्ज करें' satisfies typeof shared.MSG_MOBILE,
  file: 'फ़ाइल आवश्यक है (≤ 500KB)' satisfies typeof shared.MSG_FILE,
} as const;

/** The form's fields in the order they appear: the error summary lists them so, and the first one takes the focus. */
export { FILE_FIELD, FORM_FIELDS, type FormField } from '@shared/registration-form-fields';
