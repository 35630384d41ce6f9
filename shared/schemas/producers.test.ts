import { describe, expect, it } from 'vitest';
import { ProducerInput } from './producers';

const first = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('a producer: a person with an Aadhaar number, or an organisation with its registration number', () => {
  it('takes a person as before (no kind sent), and drops a registration number sent with them', () => {
    expect(ProducerInput.parse({ name: 'Ram Prasad', aadhaarNumber: '2345 6789 0124', registrationNumber: 'X' })).toEqual({
      kind: 'person',
      name: 'Ram Prasad',
      aadhaarNumber: '234567890124',
    });
  });

  it('takes an organisation with no Aadhaar, its registration number tidied to capitals', () => {
    expect(
      ProducerInput.parse({
        kind: 'organisation',
        name: 'Institute seed farm',
        registrationNumber: '  ups/ 123   (2005) ',
        aadhaarNumber: '',
        contactNumber: '0512-2533400',
      }),
    ).toEqual({
      kind: 'organisation',
      name: 'Institute seed farm',
      registrationNumber: 'UPS/ 123 (2005)',
      contactNumber: '05122533400',
    });
  });

  it('asks each kind for its own number, with its own message', () => {
    expect(first(ProducerInput.safeParse({ name: 'Farm' }))).toEqual(['aadhaarNumber: Aadhaar is required']);
    expect(first(ProducerInput.safeParse({ kind: 'organisation', name: 'Farm' }))).toEqual([
      'registrationNumber: Registration number is required',
    ]);
    expect(first(ProducerInput.safeParse({ kind: 'organisation', name: 'Farm', registrationNumber: '#!' }))).toEqual([
      'registrationNumber: Registration number: 2 to 50 letters and digits (spaces and / - . ( ) allowed)',
    ]);
    expect(
      first(ProducerInput.safeParse({ kind: 'organisation', name: 'Farm', registrationNumber: 'A'.repeat(51) })),
    ).toHaveLength(1);
    expect(first(ProducerInput.safeParse({ kind: 'company', name: 'Farm', aadhaarNumber: '234567890124' }))).toEqual([
      'kind: Kind: person or organisation',
    ]);
  });

  it("names every field's problem in the form's order, so the first message is the first field's", () => {
    expect(
      first(ProducerInput.safeParse({ name: '', aadhaarNumber: '1', contactNumber: 'x', address: 'a'.repeat(301) })),
    ).toEqual([
      'name: Name is required',
      'aadhaarNumber: Aadhaar must be 12 digits',
      'contactNumber: Invalid contact number',
      'address: Max 300 chars',
    ]);
    expect(first(ProducerInput.safeParse({ kind: 'organisation', name: 'F', contactNumber: 'x' }))).toEqual([
      'registrationNumber: Registration number is required',
      'contactNumber: Invalid contact number',
    ]);
  });
});
