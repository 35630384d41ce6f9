import { describe, expect, it } from 'vitest';
import { aadhaarLikeRuns, sweptText } from '../support/aadhaar-sweep';

/** The whole-run privacy sweep's reading of a stored item (test/support/aadhaar-sweep.ts). */
describe('the privacy sweep of stored items', () => {
  it('leaves out a bill’s UPI reference, which is 12 digits by its nature, and finds an Aadhaar number anywhere else', () => {
    const bill = { pk: 'INVOICE#INV2627-000001', paymentMode: 'Online', upiRef: '412345678901' };
    expect(aadhaarLikeRuns(sweptText(bill))).toEqual([]);
    const day = { 'o#INV2627-000001': { paise: 300000, upiRef: '412345678901' } };
    expect(aadhaarLikeRuns(sweptText(day))).toEqual([]);
    // The same digits under another name, or a reference that is no reference, are still found.
    expect(aadhaarLikeRuns(sweptText({ ...bill, note: 'paid 412345678901' }))).toEqual(['412345678901']);
    expect(aadhaarLikeRuns(sweptText({ upiRef: 'ref 4123 4567 8901' }))).toEqual(['4123 4567 8901']);
  });
});
