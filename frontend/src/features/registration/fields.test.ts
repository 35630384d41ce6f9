import { describe, expect, it } from 'vitest';
import * as shared from '@shared/schemas/registration';
import { en } from '@web/lib/i18n/en';
import { hi } from '@web/lib/i18n/hi';
import * as fields from './fields';
import { EMPTY } from './form-values';

describe('registration form constants (zod-free copy)', () => {
  it('are the shared schema module’s values', () => {
    expect(fields.CATEGORIES).toEqual(shared.CATEGORIES);
    expect(fields.GENDERS).toEqual(shared.GENDERS);
    expect(fields.FILE_FIELD).toBe(shared.FILE_FIELD);
    expect(fields.FILE_ACCEPT).toBe(shared.FILE_ACCEPT);
    expect(fields.FIELD_MESSAGES).toEqual({
      required: shared.MSG_REQUIRED,
      aadhaar: shared.MSG_AADHAAR,
      mobile: shared.MSG_MOBILE,
      file: shared.MSG_FILE,
      consent: shared.MSG_CONSENT,
    });
  });
});

// docs/product-rules.md#registration-form-checks-and-messages
describe('field messages on the form', () => {
  const keys = Object.keys(fields.FIELD_MESSAGES) as (keyof typeof fields.FIELD_MESSAGES)[];

  it('are the original Hindi text exactly in Hindi', () => {
    expect(Object.keys(hi.registration.fieldErrors).sort()).toEqual([...keys].sort());
    for (const k of keys) expect(hi.registration.fieldErrors[k]).toBe(fields.FIELD_MESSAGES[k]);
  });

  it('keep the original Hindi text, then give the English, in English', () => {
    expect(Object.keys(en.registration.fieldErrors).sort()).toEqual([...keys].sort());
    for (const k of keys) {
      const [hindi, english] = en.registration.fieldErrors[k].split(' / ');
      expect(hindi).toBe(fields.FIELD_MESSAGES[k]);
      expect(english).toMatch(/^[A-Z][A-Za-z0-9 ,:.-]+$/);
    }
  });

  it('cover every message the shared schema gives a form field', () => {
    const parsed = shared.RegistrationFields.safeParse({ adharNumber: '12', mobile: '9', district: 'Nowhere' });
    expect(parsed.success).toBe(false);
    const given = new Set(Object.values(shared.registrationFieldErrors(parsed.error!)));
    given.add(shared.aadhaarFileProblem(null)!);
    for (const m of given) expect(Object.values(fields.FIELD_MESSAGES)).toContain(m);
  });
});

describe('the form’s fields in order', () => {
  it('hold every value of the form, then the file, then the consent box', () => {
    expect([...fields.FORM_FIELDS]).toEqual([...Object.keys(EMPTY), fields.FILE_FIELD, 'consent']);
  });
});
