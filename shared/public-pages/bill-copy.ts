import { cropLabel } from '../crop-names';
import { maskAadhaar } from '../format';
import { kolkataDateTime } from '../kolkata-date-time';
import type { InvoiceResponse } from '../schemas/sales';
import { billNumber, quantityText, rupees, total, type FactBlock } from './bill';
import { kg, type Fact, type PageLanguage, type Translate } from './words';

/**
 * One copy of the bill, as printed (./bill.ts): the functions' page draws the reader's 'Duplicate Copy' from it,
 * the app the same and the staff's two copies and the thermal strip.
 */

/** The head of a bill of supply: its title, then the supplier's name, address and GSTIN as copied at sale time. */
export interface SupplierHead {
  title: string;
  name: string;
  address?: string;
  gstin: Fact;
}

function supplierHead(supplier: InvoiceResponse['supplier'], t: Translate): SupplierHead | undefined {
  if (!supplier) return undefined;
  return {
    title: t('billSupply.title'),
    name: supplier.name,
    address: supplier.address || undefined,
    gstin: { label: t('billSupply.gstin'), value: supplier.gstin || '—', testId: 'bill-gstin' },
  };
}

/** The total in words, in English and in Hindi (written by the server), on a bill of supply. */
function amountInWords(bill: Pick<InvoiceResponse, 'amountInWords'>, t: Translate) {
  const words = bill.amountInWords;
  return words && { label: t('billSupply.amountInWords'), en: words.en, hi: words.hi };
}

export interface BillCopyView {
  /** A bill of supply's head; else the institute's name and the bill's heading. */
  supplier?: SupplierHead;
  institute: { name: string; heading: string };
  number: Fact;
  generatedOn: Fact;
  recipient: FactBlock;
  lot: FactBlock;
  qrAlt: string;
  scan: string;
  amountInWords?: { label: string; en: string; hi: string };
  /** The line that no tax is charged, on a bill of supply. */
  noTax?: string;
}

/** The payment mode, with the UPI reference of an online payment where the bill carries it (staff copies only). */
export const paymentText = (bill: Pick<InvoiceResponse, 'paymentMode' | 'upiRef'>): string =>
  bill.upiRef ? `${bill.paymentMode} · UPI ${bill.upiRef}` : bill.paymentMode;

/** One copy of the bill, as printed: the head, the farmer and the lot, the QR code, on a bill of supply its lines. */
export function billCopyView(bill: InvoiceResponse, t: Translate, lang: PageLanguage): BillCopyView {
  const recipient: Fact[] = [
    { label: t('billView.name'), value: bill.farmerName },
    { label: t('billView.aadhaar'), value: bill.farmerAadhaarLast4 ? maskAadhaar(bill.farmerAadhaarLast4) : '—' },
  ];
  if (bill.farmerContact) recipient.push({ label: t('billView.contact'), value: bill.farmerContact, testId: 'bill-contact' });
  if (bill.farmerAddress) recipient.push({ label: t('billView.address'), value: bill.farmerAddress });
  const lot: Fact[] = [
    { label: t('billView.lotCode'), value: bill.lotCode },
    { label: t('billView.crop'), value: cropLabel(bill, lang) },
  ];
  if (bill.supplier) lot.push({ label: t('billSupply.hsnCode'), value: bill.hsnCode || '—', testId: 'bill-hsn' });
  lot.push(
    { label: t('billView.year'), value: String(bill.year) },
    { label: t('billView.quantity'), value: quantityText(bill, t) },
    { label: t('billView.quintal'), value: kg(bill.quantityQuintal) },
    { label: t('billView.rate'), value: rupees(bill.pricePerUnit) },
    { label: t('billView.paymentMode'), value: paymentText(bill), testId: 'bill-payment' },
    total(bill.totalAmount, t),
  );
  return {
    supplier: supplierHead(bill.supplier, t),
    institute: { name: t('home.instituteTitle'), heading: t('billView.heading') },
    number: billNumber(bill.invoiceNumber, t),
    generatedOn: { label: t('billView.generatedOn'), value: kolkataDateTime(bill.generatedOn, lang) },
    recipient: { title: bill.supplier ? t('billSupply.recipient') : t('billView.farmer'), facts: recipient },
    lot: { title: t('billView.lot'), facts: lot },
    qrAlt: t('billView.qrAlt', { number: bill.invoiceNumber }),
    scan: t('billView.scan'),
    amountInWords: amountInWords(bill, t),
    noTax: bill.supplier ? t('billSupply.noTax') : undefined,
  };
}
