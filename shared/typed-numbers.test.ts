import { describe, expect, it } from 'vitest';
import { ProducerInput } from './schemas/producers';
import { normalizeMobile, normalizePhone, typedAadhaar, typedMobile } from './typed-numbers';

describe('mobile numbers as people write them', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['0091 98765 43210', '9876543210'],
    ['91 98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['(0) 98765.43210', '9876543210'],
    ['9123456789', '9123456789'],
  ])('reads %s as %s', (typed, number) => {
    expect(normalizeMobile(typed)).toBe(number);
    expect(typedMobile(typed)).toBe(number);
  });

  it('leaves what is not a number for the schema to refuse', () => {
    expect(normalizeMobile('98765abcde')).toBe('98765abcde');
    expect(normalizeMobile('98765')).toBe('98765');
  });

  it('keeps each key typed one at a time until the number is whole', () => {
    for (const typed of ['+91 98765 43210', '09876543210', '919876543210', '9876543210']) {
      let field = '';
      for (const key of typed) field = typedMobile(field + key);
      expect(field, typed).toBe('9876543210');
    }
  });

  it('keeps at most 10 digits of a plain number', () => {
    expect(typedMobile('98765432109')).toBe('9876543210');
  });
});

describe('Aadhaar numbers as people write them', () => {
  it.each([
    ['3456 7890 1234', '345678901234'],
    ['3456-7890-1234', '345678901234'],
    ['345678901234', '345678901234'],
  ])('reads %s as %s', (typed, number) => expect(typedAadhaar(typed)).toBe(number));
});

describe('contact numbers that need not be mobiles', () => {
  it('reads a mobile as its 10 digits and keeps another number without its separators', () => {
    expect(normalizePhone('+91 98765 43210')).toBe('9876543210');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('98765abcde')).toBe('98765abcde');
  });

  it('keeps a landline a landline: its STD code with the trunk 0, never read as a mobile', () => {
    expect(normalizePhone('0512-2533400')).toBe('05122533400');
    expect(normalizePhone('(0512) 253 3400')).toBe('05122533400');
    expect(normalizePhone('+91 512 2533400')).toBe('+915122533400');
    expect(normalizePhone('०५१२-२५३३४००')).toBe('05122533400');
    // A mobile with its trunk 0 or +91 is still the mobile.
    expect(normalizePhone('098765-43210')).toBe('9876543210');
    expect(normalizePhone('0091 98765 43210')).toBe('9876543210');
  });

  it('lets the producer form take a contact number as people write it', () => {
    const producer = { name: 'Seed grower', aadhaarNumber: '234567890124' };
    expect(ProducerInput.parse({ ...producer, contactNumber: '+91 98765-43210' }).contactNumber).toBe('9876543210');
    expect(ProducerInput.safeParse({ ...producer, contactNumber: '98765 abc' }).success).toBe(false);
  });
});

describe('numbers typed with Devanagari digits', () => {
  it('reads ०-९ as 0-9 in mobile and Aadhaar numbers', () => {
    expect(typedMobile('+९१ ९८७६५ ४३२१०')).toBe('9876543210');
    expect(normalizeMobile('९८७६५-४३२१०')).toBe('9876543210');
    expect(typedAadhaar('३४५६ ७८९० १२३४')).toBe('345678901234');
  });
});
