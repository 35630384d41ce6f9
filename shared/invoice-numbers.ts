/**
 * Bill numbers of the year series and of the offline counters' series, without a schema library: the stored bill
 * (functions/sales/invoice-entity.ts) reads them in every function that reads bills, and these functions then carry
 * no sales or offline-counter schemas (shared/schemas/sales.ts and offline-counter.ts re-export them).
 */

/**
 * Invoice numbers: 'INV' + the financial year as yyYY + '-' + a 6-digit sequence, e.g. INV2627-000001
 * (14 characters; a 7-digit sequence still fits the GST limit of 16). Letters, digits and hyphens only.
 */
export const INVOICE_NUMBER_RE = /^INV\d{4}-(\d{6,7}|C[1-9A-Z]-\d{5})$/;
/** The year series alone (INV2627-000001); a counter's own series is INV2627-C2-00101 (below). */
export const YEAR_INVOICE_NUMBER_RE = /^INV\d{4}-\d{6,7}$/;
export const INVOICE_NUMBER_MAX = 16;

/** Financial year (April to March) of an Asia/Kolkata calendar day 'YYYY-MM-DD': the year it starts in. */
export function financialYearOf(kolkataDay: string): number {
  const y = Number(kolkataDay.slice(0, 4));
  const m = Number(kolkataDay.slice(5, 7));
  return m >= 4 ? y : y - 1;
}

export function formatInvoiceNumber(fyStart: number, seq: number): string {
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `INV${yy(fyStart)}${yy(fyStart + 1)}-${String(seq).padStart(6, '0')}`;
}

/** Sequence and financial year of a well-formed number (the century is taken from `centuryOf`). */
export function parseInvoiceNumber(n: string, centuryOf = 2000): { fyStart: number; seq: number } | undefined {
  if (!YEAR_INVOICE_NUMBER_RE.test(n)) return undefined;
  const a = Number(n.slice(3, 5));
  const b = Number(n.slice(5, 7));
  if ((a + 1) % 100 !== b) return undefined;
  return { fyStart: centuryOf + a, seq: Number(n.slice(8)) };
}

/** A counter's series code: one character, 1-9 then A-Z (35 counters). */
export const COUNTER_CODE_RE = /^[1-9A-Z]$/;
export const COUNTER_CODES = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A counter series' bill number: INV + the financial year as yyYY + '-C' + the counter's code + '-' + a 5-digit
 * sequence, e.g. INV2627-C2-00101. Always 16 characters, the GST limit (letters, digits, hyphens).
 */
export const COUNTER_INVOICE_NUMBER_RE = /^INV\d{4}-C[1-9A-Z]-\d{5}$/;
export const COUNTER_SEQ_MAX = 99_999;

export function formatCounterInvoiceNumber(fyStart: number, code: string, seq: number): string {
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `INV${yy(fyStart)}${yy(fyStart + 1)}-C${code}-${String(seq).padStart(5, '0')}`;
}

/** Financial year, counter code and sequence of a counter series' number. */
export function parseCounterInvoiceNumber(
  n: string,
  centuryOf = 2000,
): { fyStart: number; code: string; seq: number } | undefined {
  if (!COUNTER_INVOICE_NUMBER_RE.test(n)) return undefined;
  const a = Number(n.slice(3, 5));
  const b = Number(n.slice(5, 7));
  if ((a + 1) % 100 !== b) return undefined;
  return { fyStart: centuryOf + a, code: n.slice(9, 10), seq: Number(n.slice(11)) };
}
