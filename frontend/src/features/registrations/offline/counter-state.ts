import {
  formatCounterInvoiceNumber,
  parseCounterInvoiceNumber,
  type OfflineSaleAction,
  type PreparedReply,
  type PreparedRow,
} from '@shared/schemas/offline-counter';
import { getValue, setValues } from './idb-store';

/**
 * What the offline counter keeps in the browser (docs/decisions/0048-offline-counter.md): the preparation as the
 * server gave it, the counter's own tokens, and every bill made offline with the action that sends it. Written
 * whole in one IndexedDB transaction after each step, so a reload or a browser restart finds it as it was.
 */
export interface OfflineBill {
  action: OfflineSaleAction;
  farmerName: string;
  village: string;
  cropName: string;
  cropNameHi: string;
  lotCode: string;
  /** The crop's HSN code for the bill of supply (absent on bills stored before it was kept). */
  hsnCode?: string;
  kg: number;
  price: number;
  amount: number;
  status: 'pending' | 'applied' | 'conflict';
  message?: string;
}

export interface CounterState {
  code: string;
  prepared: PreparedReply;
  /** The next number of the block to use. */
  nextSeq: number;
  lastToken: number;
  /** `${year}#${id}` -> the counter's token (C2-1). */
  checkins: Record<string, string>;
  bills: OfflineBill[];
  /** The reconciliation's summary, once done. */
  reconciled?: { givenBackKg: number; unused: string[] };
}

const KEY = 'state';
export const loadState = () => getValue<CounterState>(KEY);
export const saveState = (s: CounterState | undefined) => setValues({ [KEY]: s });

export const refOf = (r: Pick<PreparedRow, 'year' | 'registrationID'>) => `${r.year}#${r.registrationID}`;

/** A fresh state for a new preparation; the same preparation again keeps what this browser already holds. */
export function stateAfterPrepare(before: CounterState | undefined, code: string, p: PreparedReply): CounterState {
  if (before && before.prepared.preparation.prepId === p.preparation.prepId) return before;
  const from = parseCounterInvoiceNumber(p.preparation.blockFrom)!;
  return { code, prepared: p, nextSeq: from.seq + p.preparation.used, lastToken: 0, checkins: {}, bills: [] };
}

export function blockEnd(s: CounterState): number {
  return parseCounterInvoiceNumber(s.prepared.preparation.blockTo)!.seq;
}
export const billsLeft = (s: CounterState) => Math.max(0, blockEnd(s) - s.nextSeq + 1);

/** Kg of a lot's float not yet used by this browser's bills. */
export function floatLeftKg(s: CounterState, lotID: number): number {
  const f = s.prepared.preparation.floats.find((x) => x.lotID === lotID);
  if (!f) return 0;
  const sold = s.bills.filter((b) => b.action.lotID === lotID).reduce((sum, b) => sum + b.kg, 0);
  return Math.max(0, Math.round((f.leftKg - sold) * 1000) / 1000);
}

export function nextNumber(s: CounterState): string | undefined {
  if (billsLeft(s) <= 0) return undefined;
  const from = parseCounterInvoiceNumber(s.prepared.preparation.blockFrom)!;
  return formatCounterInvoiceNumber(from.fyStart, from.code, s.nextSeq);
}

/** 128 random bits, base64url: the idempotency key of an action, and the token printed in the bill's QR. */
export function randomToken(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...b))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Rupees of `kg` at `price` per kg, as the server rounds (half up, to the paisa). */
export const amountOf = (kg: number, price: number) => Math.round((Math.round(kg * 1000) * Math.round(price * 100)) / 1000) / 100;
