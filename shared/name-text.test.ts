import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasUnsafeNameChars, MSG_NAME_CHARS, MSG_NAME_CHARS_BILINGUAL } from './name-text';
import { optionalName, requiredName } from './schemas/common';
import { CropInput } from './schemas/crops';
import { FarmerInput } from './schemas/farmers';
import { ProducerInput } from './schemas/producers';
import { CreateUserInput } from './schemas/admin';
import { RegistrationFields, registrationFieldErrors } from './schemas/registration';

const UNSAFE = [
  ['NUL', '\u0000'],
  ['a bell', '\u0007'],
  ['a tab', '\t'],
  ['a line feed', '\n'],
  ['DEL', '\u007f'],
  ['a C1 control', '\u0085'],
  ['the left-to-right mark', '\u200e'],
  ['the right-to-left mark', '\u200f'],
  ['the Arabic letter mark', '\u061c'],
  ['a left-to-right embedding', '\u202a'],
  ['the right-to-left override', '\u202e'],
  ['a left-to-right isolate', '\u2066'],
  ['the pop directional isolate', '\u2069'],
  ['a line separator', '\u2028'],
] as const;

describe('hasUnsafeNameChars', () => {
  it.each(UNSAFE)('finds %s', (_what, c) => {
    expect(hasUnsafeNameChars(`Ram${c}esh`)).toBe(true);
  });

  it('lets Devanagari names with their joiners through, and plain text', () => {
    for (const name of ['क्\u200dष', 'र\u200cक', 'गेहूँ', 'सरसों', 'Chick-pea (desi)', "D'Souza", 'Ｗheat']) {
      expect(hasUnsafeNameChars(name), name).toBe(false);
    }
  });

  it('finds an unsafe character wherever it is put', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        fc.constantFrom(...UNSAFE.map(([, c]) => c)),
        (a, b, c) => {
          expect(hasUnsafeNameChars(`${a}${c}${b}`)).toBe(true);
        },
      ),
    );
  });
});

describe('the name fields of the shared schemas', () => {
  const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

  it('refuse a NUL or a right-to-left override in the helpers', () => {
    expect(first(requiredName(50, 'required').safeParse('Ram\u0000'))).toBe(MSG_NAME_CHARS);
    expect(first(optionalName(50).safeParse('\u202eRam'))).toBe(MSG_NAME_CHARS);
    expect(optionalName(50).safeParse(' क्\u200dष ').data).toBe('क्\u200dष');
  });

  it('refuse them in crops, producers, farmers and users', () => {
    expect(first(CropInput.safeParse({ cropName: 'Wh\u202eeat' }))).toBe(MSG_NAME_CHARS);
    expect(first(CropInput.safeParse({ cropName: 'Wheat', cropNameHi: 'गेहूँ\u0000' }))).toBe(MSG_NAME_CHARS);
    expect(first(ProducerInput.safeParse({ name: 'Seeds\u0000Co', aadhaarNumber: '234567890124' }))).toBe(MSG_NAME_CHARS);
    expect(first(FarmerInput.safeParse({ name: 'Ram', village: 'Bi\u2066thoor' }))).toBe(MSG_NAME_CHARS);
    expect(first(FarmerInput.safeParse({ name: 'Ram', fatherName: 'Shyam\u200f' }))).toBe(MSG_NAME_CHARS);
    expect(
      first(CreateUserInput.safeParse({ fullName: 'Clerk\u202e', email: 'clerk@example.in', password: 'long enough 1' })),
    ).toBe(MSG_NAME_CHARS);
  });

  it('refuse them in the registration form in Hindi and English', () => {
    const r = RegistrationFields.safeParse({ Name: 'Ram\u0000', fatherName: 'Shy\u202eam', village: 'Bithoor\u2066' });
    expect(r.success).toBe(false);
    const errors = registrationFieldErrors(r.error!);
    expect(errors).toMatchObject({
      Name: MSG_NAME_CHARS_BILINGUAL,
      fatherName: MSG_NAME_CHARS_BILINGUAL,
      village: MSG_NAME_CHARS_BILINGUAL,
    });
    expect(MSG_NAME_CHARS_BILINGUAL).toMatch(/[\u0900-\u097f]/);
  });
});
