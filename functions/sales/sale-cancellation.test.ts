import { describe, expect, it } from 'vitest';
import { SALE_TX } from './repository';
import { reasonAttr, saleFailure } from './sale-cancellation';

const sale = { saleId: 'sale-1', cropID: 7 };
const ok = { Code: 'None' };
const failedWith = (Item?: Record<string, unknown>) => ({ Code: 'ConditionalCheckFailed', ...(Item ? { Item } : {}) });

/** A cancelled sale transaction whose item at `at` carries `reason` (the others were fine). */
function cancelled(at: number, reason: Record<string, unknown>) {
  const reasons: Record<string, unknown>[] = [ok, ok, ok, ok, ok, ok, ok, ok];
  reasons[at] = reason;
  return Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: reasons });
}
const S = (s: string) => ({ S: s });
const N = (n: number) => ({ N: String(n) });

describe('saleFailure', () => {
  it('recognises its own commit whose answer was lost', () => {
    const e = cancelled(
      SALE_TX.registration,
      failedWith({ pk: S('REG#2026#1'), invoiceNumber: S('INV2526-000001'), billedSaleId: S('sale-1') }),
    );
    expect(saleFailure(e, sale)).toEqual({ kind: 'committed-earlier', invoiceNumber: 'INV2526-000001' });
  });

  it('tells a registration billed by another sale, with its bill number', () => {
    const e = cancelled(
      SALE_TX.registration,
      failedWith({ pk: S('REG#2026#1'), invoiceNumber: S('INV2526-000009'), billedSaleId: S('other') }),
    );
    expect(saleFailure(e, sale)).toEqual({ kind: 'already-billed', invoiceNumber: 'INV2526-000009' });
  });

  it('tells a registration that is not confirmed (waitlisted, applied, expired, cancelled), unless it is billed', () => {
    const reg = (extra: Record<string, unknown>) => failedWith({ pk: S('REG#2026#1'), isBilled: { BOOL: false }, ...extra });
    expect(saleFailure(cancelled(SALE_TX.registration, reg({ status: S('waitlisted') })), sale)).toEqual({
      kind: 'not-billable',
      status: 'waitlisted',
    });
    expect(saleFailure(cancelled(SALE_TX.registration, reg({ status: S('cancelled') })), sale)).toEqual({
      kind: 'not-billable',
      status: 'cancelled',
    });
    const billed = failedWith({ pk: S('REG#2026#1'), isBilled: { BOOL: true }, status: S('confirmed'), invoiceNumber: S('X') });
    expect(saleFailure(cancelled(SALE_TX.registration, billed), sale)).toEqual({ kind: 'already-billed', invoiceNumber: 'X' });
  });

  it('tells grams beyond the promise that are promised to others (either pool)', () => {
    expect(saleFailure(cancelled(SALE_TX.pool, failedWith()), sale)).toEqual({ kind: 'promised-to-others' });
    expect(saleFailure(cancelled(SALE_TX.lotPool, failedWith()), sale)).toEqual({ kind: 'promised-to-others' });
  });

  it('tells a registration that no longer exists', () => {
    expect(saleFailure(cancelled(SALE_TX.registration, failedWith()), sale)).toEqual({ kind: 'registration-missing' });
  });

  it('tells a missing, inactive or moved lot, and a lot without enough stock', () => {
    expect(saleFailure(cancelled(SALE_TX.lot, failedWith()), sale)).toEqual({ kind: 'lot-missing' });
    const lot = (extra: Record<string, unknown>) =>
      failedWith({ pk: S('LOT#3'), cropID: N(7), remainingGrams: N(1500), ...extra });
    expect(saleFailure(cancelled(SALE_TX.lot, lot({ isActive: { BOOL: false } })), sale)).toEqual({ kind: 'lot-inactive' });
    expect(saleFailure(cancelled(SALE_TX.lot, lot({ cropID: N(8) })), sale)).toEqual({ kind: 'lot-moved' });
    expect(saleFailure(cancelled(SALE_TX.lot, lot({})), sale)).toEqual({ kind: 'not-enough-stock', remainingGrams: 1500 });
  });

  it('reads the counter value when another sale took the number', () => {
    expect(saleFailure(cancelled(SALE_TX.counter, failedWith({ value: N(41) })), sale)).toEqual({
      kind: 'number-taken',
      counter: 41,
    });
    expect(saleFailure(cancelled(SALE_TX.counter, failedWith()), sale)).toEqual({ kind: 'number-taken', counter: undefined });
  });

  it('tells an invoice number already written', () => {
    expect(saleFailure(cancelled(SALE_TX.invoice, failedWith()), sale)).toEqual({ kind: 'invoice-exists' });
  });

  it('puts the registration before the lot and the lot before the counter', () => {
    const e = Object.assign(new Error('cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [
        failedWith({ value: N(3) }),
        ok,
        failedWith(),
        failedWith({ pk: S('REG#2026#1'), invoiceNumber: S('X') }),
      ],
    });
    expect(saleFailure(e, sale).kind).toBe('already-billed');
    e.CancellationReasons[3] = ok;
    expect(saleFailure(e, sale).kind).toBe('lot-missing');
  });

  it('treats conflicts, throttling and lost answers as transient, anything else as unknown', () => {
    expect(saleFailure(cancelled(SALE_TX.counter, { Code: 'TransactionConflict' }), sale)).toEqual({ kind: 'transient' });
    const named = (name: string) => Object.assign(new Error(name), { name });
    expect(saleFailure(named('ProvisionedThroughputExceededException'), sale)).toEqual({ kind: 'transient' });
    expect(saleFailure(named('TimeoutError'), sale)).toEqual({ kind: 'transient' });
    expect(saleFailure(named('ValidationException'), sale)).toEqual({ kind: 'unknown' });
  });
});

describe('reasonAttr', () => {
  it('reads raw and plain attribute values', () => {
    const item = { s: { S: 'a' }, n: { N: '2' }, b: { BOOL: true }, z: { NULL: true }, plain: 5 };
    expect(['s', 'n', 'b', 'z', 'plain', 'missing'].map((k) => reasonAttr(item, k))).toEqual(['a', 2, true, null, 5, undefined]);
    expect(reasonAttr(undefined, 'x')).toBeUndefined();
  });
});
