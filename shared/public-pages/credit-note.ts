import { cropLabel } from '../crop-names';
import { kolkataDateTime } from '../kolkata-date-time';
import type { CreditNoteReply } from '../schemas/credit-notes';
import { quantityText, rupees } from './bill';
import { billPath } from './paths';
import { creditNoteTitle, kg, type Fact, type PageLanguage, type Translate } from './words';

/**
 * The credit note at /credit-note/{number}?t={token}, printable on one A4 page with its QR code: the bill it
 * cancels, the farmer, lot, kg, amount, reason and date. As bills: without the token (or staff) only that the
 * credit note exists and which bill it cancels.
 */
export interface CreditNoteView {
  title: string;
  /** The cancelled bill of supply's supplier (the full note only); else the institute's name. */
  supplier?: { name: string; address?: string; gstin: string };
  institute: string;
  heading: string;
  number: Fact;
  issuedOn: Fact;
  /**
   * 'Not verified' and why, to a reader without the note's own code (docs/product-rules.md#bill-verification):
   * the number alone, or another code, confirms no paper.
   */
  notVerified?: { title: string; body: string };
  facts: Fact[];
  qrAlt: string;
  scan: string;
  /** Who issued it (the full note), or what the summary leaves out. */
  footer: { text: string; muted: boolean };
  /** The token its QR code carries: the full note's only. */
  qrToken?: string;
}

export function creditNoteView(note: CreditNoteReply, t: Translate, lang: PageLanguage): CreditNoteView {
  const full = note.view === 'full' ? note : undefined;
  const facts: (Fact | undefined | false)[] = [
    {
      label: t('creditNote.cancelsBill'),
      value: note.invoiceNumber,
      href: billPath(note.invoiceNumber, full?.invoiceToken),
      testId: 'credit-note-bill',
    },
    full && { label: t('creditNote.billDate'), value: kolkataDateTime(full.invoiceDate, lang) },
    full && { label: t('billView.name'), value: full.farmerName },
    !!full?.farmerAddress && { label: t('billView.address'), value: full.farmerAddress },
    { label: t('billView.lotCode'), value: note.lotCode },
    { label: t('billView.crop'), value: cropLabel(note, lang) },
    !!full?.hsnCode && { label: t('billSupply.hsnCode'), value: full.hsnCode, testId: 'credit-note-hsn' },
    { label: t('billView.quantity'), value: full ? quantityText(full, t) : `${kg(note.quantityKg)} kg` },
    full && { label: t('billView.rate'), value: rupees(full.pricePerUnit) },
    {
      label: t('creditNote.amountCredited'),
      value: rupees(note.totalAmount),
      testId: 'credit-note-amount',
      strong: true,
    },
    full && { label: t('creditNote.reason'), value: full.reason, testId: 'credit-note-reason' },
  ];
  const supplier = full?.supplier;
  return {
    title: creditNoteTitle(note.creditNoteNumber, t),
    supplier: supplier && { name: supplier.name, address: supplier.address || undefined, gstin: supplier.gstin || '—' },
    institute: t('home.instituteTitle'),
    heading: t('creditNote.heading'),
    number: { label: t('creditNote.number'), value: note.creditNoteNumber, testId: 'credit-note-number', strong: true },
    issuedOn: { label: t('creditNote.issuedOn'), value: kolkataDateTime(note.issuedOn, lang) },
    notVerified: full
      ? undefined
      : {
          title: t('creditNote.notVerified'),
          body: t('creditNote.notVerifiedBody', { number: note.creditNoteNumber, bill: note.invoiceNumber }),
        },
    facts: facts.filter((f): f is Fact => Boolean(f)),
    qrAlt: t('creditNote.qrAlt', { number: note.creditNoteNumber }),
    scan: t('billView.scan'),
    footer: full
      ? { text: t('creditNote.issuedBy', { name: full.issuedByName }), muted: false }
      : { text: t('creditNote.summaryNote'), muted: true },
    qrToken: full?.verifyToken,
  };
}
