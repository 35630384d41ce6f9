import { isoToIndiaInput, maskAadhaar } from '@shared/format';
import type { RegistrationRow } from '@shared/schemas/registration';
import type { InvoiceResponse } from '@shared/schemas/sales';
import type { TodayRow } from '@shared/schemas/replies/counter';
import type { DayCloseView } from '@shared/schemas/replies/day-close';

/** A cell as written to a file: text as stored, numbers as numbers, nothing as an empty cell. */
export type Cell = string | number | null;

export interface Column<R> {
  header: string;
  value: (row: R) => Cell;
}

/** India time as the staff screens show it, sortable as text: '2026-11-23 10:30'. */
export const indiaTime = (iso: string | undefined | null): string => isoToIndiaInput(iso).replace('T', ' ');

const text = (s: string | undefined | null): Cell => (s === undefined || s === null || s === '' ? null : s);

/**
 * The Registrations list's columns in a fixed order. Aadhaar only masked (from the last 4 digits); no scan
 * key, no letter code (the letter's link is a secret of the farmer's).
 */
export const REGISTRATION_COLUMNS: readonly Column<RegistrationRow>[] = [
  { header: 'Registration number', value: (r) => r.id },
  { header: 'Year', value: (r) => r.year },
  { header: 'Name', value: (r) => text(r.name) },
  { header: "Father's name", value: (r) => text(r.fatherName) },
  { header: 'Aadhaar', value: (r) => maskAadhaar(r.adharNumber) },
  { header: 'Mobile', value: (r) => text(r.mobileNumber) },
  { header: 'Village', value: (r) => text(r.village) },
  { header: 'Block', value: (r) => text(r.block) },
  { header: 'Sub-district', value: (r) => text(r.subDistrict) },
  { header: 'District', value: (r) => text(r.district) },
  { header: 'Category', value: (r) => text(r.category) },
  { header: 'Gender', value: (r) => text(r.gender) },
  { header: 'Crop', value: (r) => text(r.cropName) },
  { header: 'Crop (Hindi)', value: (r) => text(r.cropNameHi) },
  { header: 'Quantity', value: (r) => (r.quantityOffered ? r.bagsRequested : null) },
  { header: 'Unit', value: (r) => (r.quantityOffered ? r.unit : null) },
  { header: 'Status', value: (r) => r.status },
  { header: 'Waitlist position', value: (r) => r.waitlistPosition ?? null },
  { header: 'Appointment date', value: (r) => text(r.appointmentDate) },
  { header: 'Shift', value: (r) => text(r.appointmentShift) },
  { header: 'Registered on', value: (r) => indiaTime(r.created) },
  { header: 'Billed', value: (r) => (r.isBilled ? 'Yes' : 'No') },
  { header: 'Bill number', value: (r) => text(r.invoiceNumber) },
  { header: 'Cancel reason', value: (r) => text(r.cancelReason) },
];

/** The Bills list's columns in a fixed order; no bill or credit-note token (they open the bill's page). */
export const INVOICE_COLUMNS: readonly Column<InvoiceResponse>[] = [
  { header: 'Bill number', value: (b) => b.invoiceNumber },
  { header: 'Date', value: (b) => indiaTime(b.generatedOn) },
  { header: 'Farmer', value: (b) => text(b.farmerName) },
  { header: 'Aadhaar', value: (b) => maskAadhaar(b.farmerAadhaarLast4) },
  { header: 'Mobile', value: (b) => text(b.farmerContact) },
  { header: 'Address', value: (b) => text(b.farmerAddress) },
  { header: 'Registration number', value: (b) => b.registrationID },
  { header: 'Year', value: (b) => b.year },
  { header: 'Lot', value: (b) => b.lotCode },
  { header: 'Crop', value: (b) => text(b.cropName) },
  { header: 'Crop (Hindi)', value: (b) => text(b.cropNameHi) },
  { header: 'Bags', value: (b) => b.bags },
  { header: 'Bag size (kg)', value: (b) => b.bagSizeKg },
  { header: 'Quantity (kg)', value: (b) => b.quantityKg },
  { header: 'Rate (Rs/kg)', value: (b) => b.pricePerUnit },
  { header: 'Total (Rs)', value: (b) => b.totalAmount },
  { header: 'Payment mode', value: (b) => b.paymentMode },
  { header: 'UPI reference', value: (b) => text(b.upiRef) },
  { header: 'Status', value: (b) => b.status },
  { header: 'Cancelled on', value: (b) => (b.cancelledOn ? indiaTime(b.cancelledOn) : null) },
  { header: 'Credit note', value: (b) => text(b.creditNoteNumber) },
  { header: 'Created by', value: (b) => text(b.createdByName) },
];

/** Today's list (the counter's day) in a fixed order. */
export const TODAY_COLUMNS: readonly Column<TodayRow>[] = [
  { header: 'Registration number', value: (r) => r.number },
  { header: 'Year', value: (r) => r.year },
  { header: 'Name', value: (r) => text(r.name) },
  { header: 'Aadhaar', value: (r) => maskAadhaar(r.aadhaarLast4) },
  { header: 'Mobile', value: (r) => text(r.mobileNumber) },
  { header: 'Crop', value: (r) => text(r.cropName) },
  { header: 'Crop (Hindi)', value: (r) => text(r.cropNameHi) },
  { header: 'Quantity', value: (r) => (r.quantityOffered ? r.bagsRequested : null) },
  { header: 'Unit', value: (r) => (r.quantityOffered ? r.unit : null) },
  { header: 'Appointment date', value: (r) => text(r.appointmentDate) },
  { header: 'Shift', value: (r) => text(r.shiftLabel) },
  { header: 'Status', value: (r) => r.status },
  { header: 'Token', value: (r) => r.token },
  { header: 'Arrived at', value: (r) => (r.arrivedAt ? indiaTime(r.arrivedAt) : null) },
  { header: 'Another day', value: (r) => (r.otherDay ? 'Yes' : 'No') },
  { header: 'Served at', value: (r) => (r.servedAt ? indiaTime(r.servedAt) : null) },
  { header: 'Counter', value: (r) => text(r.counter) },
  { header: 'Bill number', value: (r) => text(r.invoiceNumber) },
];

/** An online bill of a day close: 'INV2627-000004 Rs 1200.5 UPI 412345678901' ('UPI none' when none was given). */
const onlinePayment = (o: DayCloseView['onlinePayments'][number]) =>
  `${o.invoiceNumber} Rs ${o.amount} UPI ${o.upiRef || 'none'}`;

/** Each seller's day close of a day. Amounts in rupees. */
export const DAY_CLOSE_COLUMNS: readonly Column<DayCloseView>[] = [
  { header: 'Day', value: (d) => d.date },
  { header: 'Seller', value: (d) => text(d.sellerName) },
  { header: 'Status', value: (d) => d.status },
  { header: 'Bills', value: (d) => d.bills },
  { header: 'Kg', value: (d) => d.kg },
  { header: 'Cash (Rs)', value: (d) => d.cashAmount },
  { header: 'Online (Rs)', value: (d) => d.onlineAmount },
  { header: 'Online bills (UPI reference)', value: (d) => text(d.onlinePayments.map(onlinePayment).join('; ')) },
  { header: 'Kg by crop', value: (d) => text(d.crops.map((c) => `${c.cropName}: ${c.kg}`).join('; ')) },
  { header: 'Counted (Rs)', value: (d) => d.counted ?? null },
  { header: 'Difference (Rs)', value: (d) => d.difference ?? null },
  { header: 'Closed at', value: (d) => (d.closedAt ? indiaTime(d.closedAt) : null) },
  { header: 'Closed by', value: (d) => text(d.closedByName) },
  { header: 'Note', value: (d) => text(d.note) },
];
