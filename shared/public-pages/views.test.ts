import { describe, expect, it } from 'vitest';
import type { BillReply, BillSummary } from '../schemas/sales';
import type { CreditNoteReply } from '../schemas/credit-notes';
import { billCheckView, billSummaryView } from './bill';
import { cancelledMarkView } from './bill-cancelled';
import { creditNoteView } from './credit-note';
import type { AppointmentRecord } from '../schemas/registration';
import { letterSheetView } from './letter';
import { collectByLine, letterStatusBlock, registeredStatusLines } from './letter-status';
import { BILL_REFUSAL, refusalText, type Translate } from './words';

/** The key, and its values when it has some: what each view asks for shows in its result. */
const t: Translate = (key, vars) => (vars ? `${key} ${JSON.stringify(vars)}` : key);

describe('the letter’s status wording', () => {
  it('a waitlisted letter gives the position first, then what happens next and how to come back', () => {
    const block = letterStatusBlock({ status: 'waitlisted', isBilled: false, waitlistPosition: 4, placesAhead: 0 }, t, 'en');
    expect(block?.tone).toBe('wait');
    expect(block?.headline).toBe('allocationStatus.headline.waitlisted');
    expect(block?.lines.map((l) => [l.id, l.text, l.strong ?? false])).toEqual([
      ['letter-status-line', 'allocationStatus.positionFirst {"position":4}', true],
      ['letter-status-next', 'allocationStatus.waitlistedNext', false],
      ['letter-status-come-back', 'allocationStatus.comeBack', false],
    ]);
  });

  it('a billed letter has no block; a cancelled one names the counter; only a confirmed unbilled one has a last day', () => {
    expect(letterStatusBlock({ status: 'confirmed', isBilled: true }, t, 'hi')).toBeNull();
    const cancelled = letterStatusBlock({ status: 'cancelled', isBilled: false, counterAddress: 'Counter 1' }, t, 'hi');
    expect(cancelled?.lines.map((l) => l.id)).toEqual(['letter-status-line', 'letter-status-contact']);
    expect(collectByLine({ status: 'confirmed', isBilled: false, expiresOn: '2026-12-04' }, t, 'en')).toContain('Friday');
    expect(collectByLine({ status: 'confirmed', isBilled: true, expiresOn: '2026-12-04' }, t, 'en')).toBeUndefined();
  });

  it('the note after registering gives an applied letter its draw day', () => {
    const lines = registeredStatusLines({ status: 'applied', isBilled: false, drawOn: '2026-12-04' }, t, 'en');
    expect(lines.map((l) => l.id)).toEqual(['letter-registered-status', 'letter-registered-draw-on']);
  });
});

describe('the letter’s kg, money and QR code', () => {
  const letter: AppointmentRecord = {
    id: 7,
    year: 2026,
    name: 'कमला देवी',
    fatherName: 'रमेश',
    adharNumber: 'XXXX-XXXX-1234',
    mobileNumber: '98XXXXXXXX',
    category: 'GEN',
    gender: 'महिला',
    village: 'गाँव',
    block: 'ब्लॉक',
    subDistrict: 'उप जिला',
    district: 'Lucknow',
    cropName: 'Wheat',
    cropNameHi: 'गेहूँ',
    bagsRequested: 2,
    unit: 'bag',
    quantityOffered: true,
    quantityKg: 80,
    pricePerKg: { min: 40, max: 40 },
    appointmentShift: 'सुबह 10 से दोपहर 1 बजे / Morning 10 am – 1 pm',
    appointmentDate: '2026-12-04',
    uniqueCode: 'code',
    created: '2026-11-01T00:00:00Z',
    status: 'confirmed',
    isBilled: false,
    invoiceNumber: null,
    counterAddress: 'बीज भंडार, गेट 2 / Seed store, Gate 2',
    counterHours: 'सुबह 9 से 4 बजे / 9 am – 4 pm',
  };
  const fact = (v: ReturnType<typeof letterSheetView>, label: string) => v.details.facts.find((f) => f.label === label)?.value;

  it('a confirmed letter gives bags with their kg, the money to bring, and the QR code for the counter', () => {
    const v = letterSheetView(letter, t, 'hi');
    expect(fact(v, 'appointment.quantityBags')).toBe('2 बैग (80 किलो)');
    expect(v.bring?.items).toContain('appointment.pay {"kg":"80","price":"40","amount":"3,200","to":"3,200"}');
    expect(v.qr?.alt).toBe('appointment.qrAlt');
    // Settings and shifts written in both languages show the page's side.
    expect(v.appointment?.shift.value).toBe('सुबह 10 से दोपहर 1 बजे');
    expect(v.where?.lines.map((l) => l.value)).toEqual(['बीज भंडार, गेट 2', 'सुबह 9 से 4 बजे']);
    expect(letterSheetView(letter, t, 'en').where?.lines.map((l) => l.value)).toEqual(['Seed store, Gate 2', '9 am – 4 pm']);
  });

  it('lots of different prices give a range; a crop without a quantity its price per kg; no lot no money line', () => {
    const range = letterSheetView({ ...letter, pricePerKg: { min: 35, max: 42.5 } }, t, 'en');
    expect(range.bring?.items.at(-1)).toBe('appointment.payRange {"kg":"80","price":"35–42.5","amount":"2,800","to":"3,400"}');
    const noQty = letterSheetView({ ...letter, quantityOffered: false, quantityKg: undefined }, t, 'en');
    expect(noQty.bring?.items.at(-1)).toBe('appointment.payPerKg {"price":"40"}');
    const noLot = letterSheetView({ ...letter, pricePerKg: undefined }, t, 'en');
    expect(noLot.bring?.items).toEqual(['appointment.bringAadhaar', 'appointment.bringLetter']);
  });

  it('the QR code says what it is for: to look again while waiting, none once billed, expired or cancelled', () => {
    const waiting = { ...letter, status: 'waitlisted' as const, waitlistPosition: 3, appointmentDate: undefined };
    expect(letterSheetView(waiting, t, 'hi').qr?.alt).toBe('appointment.qrAltWaiting');
    expect(letterSheetView({ ...waiting, status: 'applied' }, t, 'hi').qr?.alt).toBe('appointment.qrAltWaiting');
    expect(letterSheetView(waiting, t, 'hi').bring).toBeUndefined();
    for (const ended of [
      { isBilled: true, invoiceNumber: 'INV-1' },
      { status: 'cancelled' as const },
      { status: 'expired' as const },
    ])
      expect(letterSheetView({ ...letter, ...ended }, t, 'hi').qr).toBeUndefined();
  });
});

describe('the bill and the credit note', () => {
  const summary: BillSummary = {
    view: 'summary',
    invoiceNumber: 'INV2627-000001',
    generatedOn: '2026-06-01T05:00:00Z',
    cropName: 'Wheat',
    cropNameHi: 'गेहूं',
    lotCode: 'N01P001-001',
    bags: 1,
    bagSizeKg: 40,
    quantityKg: 40,
    quantityQuintal: 0.4,
    totalAmount: 1300,
    status: 'cancelled',
    creditNoteNumber: 'CN2627-000001',
  };

  it('a cancelled bill’s summary does not call it valid, and its mark links the credit note', () => {
    const view = billSummaryView(summary, t, 'hi');
    expect(billCheckView(summary, undefined, t)?.kind).toBe('no-code');
    expect(view.block.facts.map((f) => f.label)).not.toContain('billView.status');
    expect(view.block.facts.find((f) => f.testId === 'bill-total')?.value).toBe('₹1,300.00');
    expect(cancelledMarkView(summary, t, 'hi')?.creditNote?.href).toBe('/credit-note/CN2627-000001');
    expect(cancelledMarkView({ ...summary, status: 'issued' }, t, 'hi')).toBeNull();
  });

  it('says verified only for a standing bill opened with its own code, never for the number alone or another code', () => {
    const standing = { ...summary, status: 'issued' as const };
    expect(billCheckView(standing, undefined, t)).toMatchObject({ kind: 'no-code', title: 'billCheck.noCode' });
    // The server answers the summary to a code that is not the bill's.
    expect(billCheckView(standing, 'forged-code', t)).toMatchObject({ kind: 'wrong-code', title: 'billCheck.wrongCode' });
    const copy = { ...standing, view: 'full' as const } as unknown as BillReply;
    expect(billCheckView(copy, 'the-bills-code', t)).toMatchObject({ kind: 'verified', title: 'billCheck.verified' });
    expect(billCheckView({ ...copy, status: 'cancelled' } as BillReply, 'the-bills-code', t)).toBeUndefined();
    // Staff get the copy whatever the code; theirs carries the bill's own.
    const staffCopy = { ...copy, verifyToken: 'the-bills-code' } as BillReply;
    expect(billCheckView(staffCopy, 'the-bills-code', t)?.kind).toBe('verified');
    expect(billCheckView(staffCopy, 'forged-code', t)?.kind).toBe('wrong-code');
    expect(billCheckView(staffCopy, undefined, t)).toBeUndefined();
  });

  it('a credit note without its token says which bill it cancels and nothing of the farmer', () => {
    const note: CreditNoteReply = {
      ...summary,
      view: 'summary',
      creditNoteNumber: 'CN2627-000001',
      issuedOn: summary.generatedOn,
    };
    const view = creditNoteView(note, t, 'en');
    expect(view.notVerified).toMatchObject({ title: 'creditNote.notVerified' });
    expect(view.facts.map((f) => f.testId ?? f.label)).toEqual([
      'credit-note-bill',
      'billView.lotCode',
      'billView.crop',
      'billView.quantity',
      'credit-note-amount',
    ]);
    expect(view.facts[3].value).toBe('40 kg');
  });

  it('a refusal in Hindi is shown as it is, an English one after the page’s sentence', () => {
    expect(refusalText(t, { message: 'नहीं मिला', notFound: true }, BILL_REFUSAL, { number: 'X' })).toBe('नहीं मिला');
    expect(refusalText(t, { message: 'Not found', notFound: true }, BILL_REFUSAL, { number: 'X' })).toBe(
      'billView.notFoundMessage {"number":"X","message":"Not found"}',
    );
    expect(refusalText(t, { message: '', notFound: false }, BILL_REFUSAL, {})).toBe('billView.notFound');
  });
});
