import { ApiError, call, routeUrl } from '@web/lib/api';
import { saveBlob } from '@web/lib/save-blob';
import { getToken } from '@web/lib/session';
import type { CreateLotInput, LotResponse, UpdateLotInput } from '@shared/schemas/lots';
import { DROPDOWN_TAKE, LIST_TAKE } from '@shared/schemas/common';
import { labelQrPng, labelQrSvg } from './qr-label';

export interface LotFilter {
  producerId?: number;
  cropId?: number;
  year?: number;
}

export const listLots = (f: LotFilter) => call('GET /api/lots', { query: { ...f, take: LIST_TAKE } });
export const createLot = (input: CreateLotInput) => call('POST /api/lots', { body: input });
export const updateLot = (id: number, input: UpdateLotInput) => call('PUT /api/lots/{id}', { params: { id }, body: input });
export const previewLotCode = (producerId: number, year: number, isSubsidized: boolean) =>
  call('GET /api/lots/preview-code', { query: { producerId, year, isSubsidized } });

/** Dropdowns of the Lots page (up to 1000 rows each, inactive ones too so that old lots can be filtered). */
export const producerOptions = () => call('GET /api/producers', { query: { includeInactive: true, take: DROPDOWN_TAKE } });
export const cropOptions = () => call('GET /api/crops/dropdown', { query: { includeInactive: true } });

/** The public QR image (no token needed), shown in the dialog. */
export const publicQrSvgUrl = (lotCode: string) =>
  routeUrl('GET /api/lots/by-code/{code}/qrcode.svg', { params: { code: lotCode } });

/** Fetches a staff QR image with the token, prints the lot code under it and hands it to the browser as a file. */
export async function downloadQr(lot: Pick<LotResponse, 'lotID' | 'lotCode'>, kind: 'png' | 'svg'): Promise<void> {
  const query = kind === 'png' ? { size: 512, download: 1 } : { download: 1 };
  const token = getToken();
  const image = kind === 'png' ? 'GET /api/lots/{id}/qrcode.png' : 'GET /api/lots/{id}/qrcode.svg';
  const res = await fetch(routeUrl(image, { params: { id: lot.lotID }, query }), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'omit',
  });
  if (!res.ok) {
    let message = `HTTP ${res.status}`;
    try {
      message = ((await res.json()) as { message?: string }).message || message;
    } catch {
      // keep HTTP status
    }
    throw new ApiError(message, res.status);
  }
  const blob =
    kind === 'png'
      ? await labelQrPng(await res.blob(), lot.lotCode)
      : new Blob([labelQrSvg(await res.text(), lot.lotCode)], { type: 'image/svg+xml' });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `lot-${lot.lotCode}.${kind}`;
  saveBlob(blob, name);
}
