import type { AllocationStatus } from '@shared/allocation-status';
import { cancellationReasons, isTransient } from '../lib/retry';
import { SALE_TX } from './repository';
import { failedOnClosedDay } from './seller-day';

/** Why a sale's transaction did not commit, read from the error (docs/invariants.md#4-gapless-invoice-numbers). */
export type SaleFailure =
  /** An earlier attempt of this very request committed; its answer was lost. */
  | { kind: 'committed-earlier'; invoiceNumber: string }
  | { kind: 'registration-missing' }
  /** The seller's day is closed (docs/decisions/0026-day-close.md): no sale until an admin reopens it. */
  | { kind: 'day-closed' }
  /** docs/invariants.md#5-billed-once */
  | { kind: 'already-billed'; invoiceNumber: string | null | undefined }
  /** Waitlisted, applied, expired or cancelled: no seed is promised to it (docs/decisions/0022-allocation.md, section 7). */
  | { kind: 'not-billable'; status: Exclude<AllocationStatus, 'confirmed'> }
  /** docs/invariants.md#7-promised-within-stock: grams beyond the promise would come from stock promised to others. */
  | { kind: 'promised-to-others' }
  | { kind: 'lot-missing' }
  | { kind: 'lot-inactive' }
  | { kind: 'lot-moved' }
  /** docs/invariants.md#3-lot-stock */
  | { kind: 'not-enough-stock'; remainingGrams: number }
  /** Another sale took the number; the counter's value when it failed, when DynamoDB returned it. */
  | { kind: 'number-taken'; counter: number | undefined }
  /** The number is taken although the counter had not reached it (e.g. a counter restored from backup). */
  | { kind: 'invoice-exists' }
  /** Conflicts, throttling or a lost answer: the same sale may be tried again. */
  | { kind: 'transient' }
  | { kind: 'unknown' };

/** A plain value from a cancellation reason's item (raw AttributeValue map, or already plain). */
export function reasonAttr(item: unknown, name: string): unknown {
  const v = (item as Record<string, unknown> | undefined)?.[name];
  if (v === undefined || v === null || typeof v !== 'object') return v;
  const a = v as { S?: string; N?: string; BOOL?: boolean; NULL?: boolean };
  if (a.S !== undefined) return a.S;
  if (a.N !== undefined) return Number(a.N);
  if (a.BOOL !== undefined) return a.BOOL;
  if (a.NULL) return null;
  return v;
}

/**
 * Decodes a failed commitSale, in the order the reasons matter: the registration (billed once, confirmed)
 * before the lot (stock) before the pool (promised stock) before the counter (numbering), since a sale
 * refused for the first three must not be tried again.
 */
export function saleFailure(e: unknown, sale: { saleId: string; cropID: number }): SaleFailure {
  const reasons = cancellationReasons(e);
  const failed = (i: number) => reasons[i]?.Code === 'ConditionalCheckFailed';
  const old = (i: number, name: string) => reasonAttr((reasons[i] as { Item?: unknown } | undefined)?.Item, name);
  if (failed(SALE_TX.registration)) {
    const billedAs = old(SALE_TX.registration, 'invoiceNumber') as string | null | undefined;
    if (billedAs && old(SALE_TX.registration, 'billedSaleId') === sale.saleId)
      return { kind: 'committed-earlier', invoiceNumber: billedAs };
    if (old(SALE_TX.registration, 'pk') === undefined) return { kind: 'registration-missing' };
    const status = old(SALE_TX.registration, 'status');
    if (old(SALE_TX.registration, 'isBilled') !== true && typeof status === 'string' && status !== 'confirmed')
      return { kind: 'not-billable', status: status as Exclude<AllocationStatus, 'confirmed'> };
    return { kind: 'already-billed', invoiceNumber: billedAs };
  }
  if (failedOnClosedDay(reasons)) return { kind: 'day-closed' };
  if (failed(SALE_TX.lot)) {
    if (old(SALE_TX.lot, 'pk') === undefined) return { kind: 'lot-missing' };
    if (old(SALE_TX.lot, 'isActive') === false) return { kind: 'lot-inactive' };
    if (Number(old(SALE_TX.lot, 'cropID')) !== sale.cropID) return { kind: 'lot-moved' };
    return { kind: 'not-enough-stock', remainingGrams: Number(old(SALE_TX.lot, 'remainingGrams') ?? 0) };
  }
  if (failed(SALE_TX.pool) || failed(SALE_TX.lotPool)) return { kind: 'promised-to-others' };
  if (failed(SALE_TX.counter)) {
    const v = old(SALE_TX.counter, 'value');
    return { kind: 'number-taken', counter: v === undefined || v === null ? undefined : Number(v) };
  }
  if (failed(SALE_TX.invoice)) return { kind: 'invoice-exists' };
  if (isTransient(e) || reasons.length) return { kind: 'transient' };
  return { kind: 'unknown' };
}
