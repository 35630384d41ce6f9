import { api, apiUrl, ApiError } from '@web/lib/api';
import { getToken } from '@web/lib/session';
import type { CropDropdownItem } from '@shared/schemas/crops';
import type { CreateLotInput, LotCodePreview, LotResponse, UpdateLotInput } from '@shared/schemas/lots';
import { DROPDOWN_TAKE, LIST_TAKE } from '@shared/schemas/common';
import type { ProducerResponse } from '@shared/schemas/producers';

export interface LotFilter {
  producerId?: number;
  cropId?: number;
  year?: number;
}

export const listLots = (f: LotFilter) => api.get<LotResponse[]>('/api/lots', { query: { ...f, take: LIST_TAKE } });
export const createLot = (input: CreateLotInput) => api.post<LotResponse>('/api/lots', input);
export const updateLot = (id: number, input: UpdateLotInput) => api.put<LotResponse>(`/api/lots/${id}`, input);
export const previewLotCode = (producerId: number, year: number, isSubsidized: boolean) =>
  api.get<LotCodePreview>('/api/lots/preview-code', { query: { producerId, year, isSubsidized } });

/** Dropdowns of the Lots page (up to 1000 rows each, inactive ones too so that old lots can be filtered). */
export const producerOptions = () =>
  api.get<ProducerResponse[]>('/api/producers', { query: { includeInactive: true, take: DROPDOWN_TAKE } });
export const cropOptions = () => api.get<CropDropdownItem[]>('/api/crops/dropdown', { query: { includeInactive: true } });

/** The public QR image (no token needed), shown in the dialog. */
export const publicQrSvgUrl = (lotCode: string) => apiUrl(`/api/lots/by-code/${encodeURIComponent(lotCode)}/qrcode.svg`);

/** Fetches a staff QR image with the token and hands it to the browser as a file download. */
export async function downloadQr(lot: Pick<LotResponse, 'lotID' | 'lotCode'>, kind: 'png' | 'svg'): Promise<void> {
  const query = kind === 'png' ? { size: 512, download: 1 } : { download: 1 };
  const token = getToken();
  const res = await fetch(apiUrl(`/api/lots/${lot.lotID}/qrcode.${kind}`, query), {
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
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `lot-${lot.lotCode}.${kind}`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
