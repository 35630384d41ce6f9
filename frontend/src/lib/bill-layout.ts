/**
 * How staff print a bill (docs/product-rules.md#bill-of-supply): A4 (one copy per page) or a thermal strip of
 * 80 or 58 mm. The choice is kept per browser.
 */
export const BILL_LAYOUTS = ['a4', '80mm', '58mm'] as const;
export type BillLayout = (typeof BILL_LAYOUTS)[number];

const STORAGE_KEY = 'billLayout';

export function storedBillLayout(): BillLayout {
  try {
    const v = window.localStorage.getItem(STORAGE_KEY);
    return (BILL_LAYOUTS as readonly string[]).includes(v ?? '') ? (v as BillLayout) : 'a4';
  } catch {
    return 'a4';
  }
}

export function storeBillLayout(layout: BillLayout): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, layout);
  } catch {
    // Private mode without storage: the choice lasts until the page closes.
  }
}
