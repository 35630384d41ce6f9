import { cropLabel } from '../crop-names';
import { formatRupees } from '../format';
import { kolkataDateTime } from '../kolkata-date-time';
import type { BillReply, BillSummary, InvoiceResponse } from '../schemas/sales';
import { kg, type Fact, type PageLanguage, type Translate } from './words';

/**
 * The bill at /bill/{number}?t={token} (docs/product-rules.md#bill-contents): by the number alone, that the bill
 * exists (the summary); with the bill's token, a copy with the mobile masked; a cancelled bill's CANCELLED mark.
 * The functions' page draws the summary and the reader's 'Duplicate Copy'; the app draws the same for client-side
 * navigation and, for staff, their two copies, the print layouts and the cancel buttons. A copy's view is in
 * ./bill-copy.ts and the mark's in ./bill-cancelled.ts: the app fetches those parts only for a bill that needs them.
 */

/** The QR image's size on the printed bill and credit note. */
export const BILL_QR_SIZE = 512;

/** A titled table of a bill. */
export interface FactBlock {
  title: string;
  facts: Fact[];
}

type Quantities = Pick<InvoiceResponse, 'quantityKg' | 'bags' | 'bagSizeKg'>;

/** '10 kg (1 bag of 10 kg)', as the bill, its summary and the credit note write the quantity. */
export const quantityText = (q: Quantities, t: Translate) =>
  t('billView.quantityKg', { kg: kg(q.quantityKg), bags: q.bags, size: kg(q.bagSizeKg) });

export const rupees = (amount: number) => `₹${formatRupees(amount)}`;

export const total = (amount: number, t: Translate): Fact => ({
  label: t('billView.total'),
  value: rupees(amount),
  testId: 'bill-total',
  strong: true,
});

export const billNumber = (number: string, t: Translate): Fact => ({
  label: t('billView.invoiceNo'),
  value: number,
  testId: 'bill-number',
  strong: true,
});

export interface BillSummaryView {
  block: FactBlock;
  note: string;
}

/** What anyone gets by the number alone: the bill exists and what it was for, no personal data. */
export function billSummaryView(bill: BillSummary, t: Translate, lang: PageLanguage): BillSummaryView {
  const facts: Fact[] = [
    billNumber(bill.invoiceNumber, t),
    { label: t('billView.generatedOn'), value: kolkataDateTime(bill.generatedOn, lang) },
    { label: t('billView.crop'), value: cropLabel(bill, lang) },
    { label: t('billView.lotCode'), value: bill.lotCode },
    { label: t('billView.quantity'), value: quantityText(bill, t) },
    total(bill.totalAmount, t),
  ];
  if (bill.status !== 'cancelled') facts.push({ label: t('billView.status'), value: t('billView.statusIssued') });
  return { block: { title: t('billView.heading'), facts }, note: t('billView.summaryNote') };
}

/**
 * What the page says of the code in the bill's QR (docs/product-rules.md#bill-verification): 'verified' only
 * when the reader opened the bill with its own code and it stands; a code that is not the bill's says that
 * the paper may have been altered; the number alone says that it proves nothing about a paper bill. Nothing
 * for staff who opened a bill without a code, or for a cancelled bill opened with its code (its mark says it).
 */
export interface BillCheckView {
  kind: 'verified' | 'wrong-code' | 'no-code';
  title: string;
  body: string;
}

export function billCheckView(bill: BillReply, code: string | undefined, t: Translate): BillCheckView | undefined {
  const number = bill.invoiceNumber;
  const say = (kind: BillCheckView['kind'], key: string): BillCheckView => ({
    kind,
    title: t(`billCheck.${key}`),
    body: t(`billCheck.${key}Body`, { number }),
  });
  if (bill.view === 'summary') return code ? say('wrong-code', 'wrongCode') : say('no-code', 'noCode');
  if (!code) return undefined;
  // Staff are answered in full whatever the code: theirs carries the bill's own to compare.
  if (bill.verifyToken !== undefined && bill.verifyToken !== code) return say('wrong-code', 'wrongCode');
  return bill.status === 'cancelled' ? undefined : say('verified', 'verified');
}
