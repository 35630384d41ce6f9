import type { InvoiceListReply } from '@shared/schemas/sales';
import { call, routeUrl } from '@web/lib/api';
import { getToken } from '@web/lib/session';

/** Calls of the Bills page. Empty filters are left out of the query. */
export interface BillFilters {
  number: string;
  lotCode: string;
  cropId: string;
  year: string;
  from: string;
  to: string;
  createdBy: string;
  paymentMode: '' | 'Cash' | 'Online';
  status: '' | 'issued' | 'cancelled';
}

export const EMPTY_FILTERS: BillFilters = {
  number: '',
  lotCode: '',
  cropId: '',
  year: '',
  from: '',
  to: '',
  createdBy: '',
  paymentMode: '',
  status: '',
};

/** The list's filters as sent (the export sends the same). */
export const billQuery = (f: BillFilters) => ({
  number: f.number.trim(),
  lotCode: f.lotCode.trim(),
  cropId: f.cropId,
  year: f.year.trim(),
  from: f.from,
  to: f.to,
  createdBy: f.createdBy,
  paymentMode: f.paymentMode,
  status: f.status,
});

export function listBills(f: BillFilters, skip: number, take: number, signal?: AbortSignal): Promise<InvoiceListReply> {
  return call('GET /api/invoices', { signal, query: { ...billQuery(f), skip, take } });
}

/** The cancellation requests of sellers, open ones first (admins). */
export const listCancelRequests = (signal?: AbortSignal) =>
  call('GET /api/invoices/cancel-requests', { query: { status: 'open' }, signal });

/** Crops for the filter: active ones only (docs/product-rules.md#bills-page). */
export const listCropChoices = () => call('GET /api/crops/dropdown');

export const listUserNames = () => call('GET /api/admin/users/names');

/** The bill's 512 px QR image (staff route, opened in a new tab as a blob because it needs the token). */
export async function openBillQr(invoiceID: number, win: Window | null): Promise<void> {
  const token = getToken();
  const res = await fetch(routeUrl('GET /api/invoices/{invoiceID}/qrcode.png', { params: { invoiceID }, query: { size: 512 } }), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'omit',
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  if (win) win.location.href = url;
  else window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
