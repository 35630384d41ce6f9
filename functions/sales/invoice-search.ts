import { financialYearOf, INVOICE_NUMBER_RE, type InvoiceListQuery, type InvoiceResponse } from '@shared/schemas/sales';
import { badRequest } from '../lib/errors';
import { kolkataDay } from '../lib/stats';
import { saleClock } from './sale-clock';
import { type BillView, staffNames, toResponse } from './bill-view';
import { type InvoiceItem, fyPk, getInvoice, invoicesBetween, lotPk, sellerPk } from './invoice-entity';

/** The bills list: bills found by date, seller, lot and number, within a work cap. */

/** Work cap per list request: bills read from the indexes (about 1 KB each; see docs/data-model.md). */
export const LIST_READ_CAP = 20_000;
/** Financial years a list without dates looks at (the current one and the ones before). */
export const DEFAULT_FY_SPAN = 5;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A filter bound as an ISO instant: a bare day is the start (from) or the end (to) of that day in India. */
export function boundIso(value: string, side: 'from' | 'to'): string {
  if (DAY_RE.test(value)) {
    const start = Date.parse(`${value}T00:00:00+05:30`);
    return new Date(side === 'from' ? start : start + 86_400_000 - 1).toISOString();
  }
  return new Date(value).toISOString();
}

function fyOfInstant(iso: string): number {
  return financialYearOf(kolkataDay(new Date(iso)));
}

/** The bills a list query matches, counted and summed, read out a page at a time. */
export interface InvoiceMatches {
  total: number;
  sumPaise: number;
  partial: boolean;
  rows(skip: number, take: number): Promise<InvoiceResponse[]>;
}

/** The filters of GET /api/invoices; the list and the exports (functions/exports) read through it. */
/**
 * `row` writes each bill as the list shows it: staff's view without the amount in words by default (the exports);
 * the Bills page passes the view with words (bill-read.ts).
 */
export async function findInvoices(
  q: InvoiceListQuery,
  row: (i: InvoiceItem, view: BillView, names: Map<number, string>) => InvoiceResponse = toResponse,
): Promise<InvoiceMatches> {
  const fromIso = q.from ? boundIso(q.from, 'from') : undefined;
  const toIso = q.to ? boundIso(q.to, 'to') : undefined;
  if (fromIso && toIso && fromIso > toIso) throw badRequest('"from" must not be after "to"', { from: 'After "to"' });
  const fromKey = fromIso ?? '0';
  // '~' sorts after '#<number>', so bills of the last instant are included.
  const toKey = toIso ? `${toIso}~` : '~';

  let candidates: InvoiceItem[];
  let partial = false;
  const exactNumber = q.number && INVOICE_NUMBER_RE.test(q.number) ? q.number : undefined;
  if (exactNumber) {
    const one = await getInvoice(exactNumber);
    candidates = one ? [one] : [];
  } else if (q.createdBy) {
    const r = await invoicesBetween('gsi2', sellerPk(q.createdBy), fromKey, toKey, LIST_READ_CAP);
    candidates = r.items;
    partial = r.truncated;
  } else if (q.lotCode) {
    const r = await invoicesBetween('gsi3', lotPk(q.lotCode), fromKey, toKey, LIST_READ_CAP);
    candidates = r.items;
    partial = r.truncated;
  } else {
    const currentFy = financialYearOf(kolkataDay(saleClock()));
    let lastFy = toIso ? Math.min(currentFy, fyOfInstant(toIso)) : currentFy;
    let firstFy = fromIso ? fyOfInstant(fromIso) : lastFy - (DEFAULT_FY_SPAN - 1);
    if (!fromIso && !toIso && q.year) {
      // A bill of registration year Y is made in the financial year starting in Y - 1 or later.
      firstFy = q.year - 1;
      lastFy = Math.min(currentFy, q.year + 1);
    }
    const fys: number[] = [];
    for (let fy = lastFy; fy >= firstFy && fys.length < 20; fy--) fys.push(fy);
    candidates = [];
    for (const fy of fys) {
      const r = await invoicesBetween('gsi1', fyPk(fy), fromKey, toKey, LIST_READ_CAP - candidates.length);
      candidates.push(...r.items);
      if (r.truncated || candidates.length >= LIST_READ_CAP) {
        partial = true;
        break;
      }
    }
  }

  const numberPart = q.number && !exactNumber ? q.number : undefined;
  const matches = candidates.filter(
    (i) =>
      (!numberPart || i.invoiceNumber.includes(numberPart)) &&
      (!exactNumber || i.invoiceNumber === exactNumber) &&
      (!q.lotCode || i.lotCode === q.lotCode) &&
      (!q.cropId || i.cropID === q.cropId) &&
      (!q.year || i.year === q.year) &&
      (!q.createdBy || i.createdByUserId === q.createdBy) &&
      (!q.paymentMode || i.paymentMode === q.paymentMode) &&
      (!q.status || (i.status ?? 'issued') === q.status) &&
      (!fromIso || i.generatedOn >= fromIso) &&
      (!toIso || i.generatedOn <= toIso),
  );
  matches.sort((a, b) => (a.generatedOn < b.generatedOn ? 1 : a.generatedOn > b.generatedOn ? -1 : b.invoiceID - a.invoiceID));
  let sumPaise = 0;
  // A cancelled bill is listed but its amount is credited back: the sum counts issued bills only.
  for (const m of matches) if (m.status !== 'cancelled') sumPaise += m.totalPaise;
  return {
    total: matches.length,
    sumPaise,
    partial,
    rows: async (skip, take) => {
      const page = matches.slice(skip, skip + take);
      const names = await staffNames(page);
      return page.map((i) => row(i, 'staff', names));
    },
  };
}
