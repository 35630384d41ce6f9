/** Display helpers shared by the pages and the functions. */

/** XXXX-XXXX-1234 from the last four digits (or a full number); a dash when unknown. */
export function maskAadhaar(last4OrNumber: string | undefined | null): string {
  const digits = (last4OrNumber ?? '').replace(/\D/g, '');
  if (digits.length < 4) return '—';
  return `XXXX-XXXX-${digits.slice(-4)}`;
}

/** Mobile masked to its last four digits: XXXXXX1234. */
export function maskMobile(mobile: string | undefined | null): string {
  const digits = (mobile ?? '').replace(/\D/g, '');
  if (digits.length < 4) return '—';
  return `${'X'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/**
 * Made on first use: an Intl object made when the module loads costs every server function that imports
 * this file about 15 ms of cold start (the first one loads the ICU data), rupees formatted or not.
 */
let inr: Intl.NumberFormat | undefined;

/** Rupees in Indian digit grouping with two decimals, e.g. 1,23,456.70 (money is kept in paise on the server). */
export function formatRupees(amount: number): string {
  inr ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return inr.format(amount);
}

export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** kg to quintal (1 quintal = 100 kg), two decimals. */
export function kgToQuintal(kg: number): number {
  return Math.round(kg) / 100;
}
