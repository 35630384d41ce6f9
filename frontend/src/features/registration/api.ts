import type { CropDropdownItem } from '@shared/schemas/crops';
import type { RegistrationReply, UploadUrlResponse } from '@shared/schemas/registration';
import { ApiError, api, apiUrl } from '@web/lib/api';
import { getToken } from '@web/lib/session';

/** Calls of the registration form: form switch, crop list, scan upload (presigned PUT), submit, find letter. */

/**
 * Is_SVS_Form_On: '1' or 'true' (any case) is on; a failed lookup counts as on
 * (docs/product-rules.md#registration-switch-and-settings).
 */
export async function isFormOpen(): Promise<boolean> {
  try {
    const r = await api.get<{ key: string; value: string }>('/api/config/Is_SVS_Form_On', { skipAuthRedirect: true });
    const v = String(r?.value ?? '')
      .trim()
      .toLowerCase();
    return v === '1' || v === 'true';
  } catch {
    return true;
  }
}

/**
 * Active crops for the dropdown; a failure leaves the list empty and is only logged
 * (docs/product-rules.md#failures-the-screens-absorb).
 */
export async function loadCrops(): Promise<CropDropdownItem[]> {
  try {
    const items = await api.get<CropDropdownItem[]>('/api/crops/dropdown', { skipAuthRedirect: true });
    return Array.isArray(items) ? items.filter((c) => c.isActive !== false) : [];
  } catch (e) {
    console.error('crop list could not be loaded', e);
    return [];
  }
}

export interface UploadedScan {
  file: File;
  key: string;
}

/**
 * Asks for a presigned URL, then PUTs the file straight to S3 with XMLHttpRequest so that the progress can
 * be shown (fetch has no upload progress).
 */
export async function uploadScan(
  file: File,
  contentType: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedScan> {
  const target = await api.post<UploadUrlResponse>(
    '/svsregistration/upload-url',
    { fileName: file.name || 'aadhaar', contentType, size: file.size },
    { skipAuthRedirect: true, signal },
  );
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', target.uploadUrl);
    for (const [k, v] of Object.entries(target.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`HTTP ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('timeout'));
    xhr.timeout = 120_000;
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
  onProgress(100);
  return { file, key: target.key };
}

/** POST /svsregistration as JSON with the uploaded key; the idempotency key makes a resend safe. */
export async function submitRegistration(body: Record<string, unknown>, idempotencyKey: string): Promise<RegistrationReply> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    'idempotency-key': idempotencyKey,
  };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(apiUrl('/svsregistration'), {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    credentials: 'omit',
  });
  const text = await res.text();
  let data: { message?: string; code?: string; fields?: Record<string, string> } & Partial<RegistrationReply> = {};
  try {
    data = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (!res.ok) throw new ApiError(data.message || text.trim() || `HTTP ${res.status}`, res.status, data.code, data.fields);
  return data as RegistrationReply;
}

export interface FoundLetter {
  uniqueCode: string;
  id: number;
  year: number;
  cropName: string;
}

/** The farmer's letters, newest first (one per crop and year registered with this Aadhaar and mobile). */
export async function findLetters(adharNumber: string, mobile: string): Promise<FoundLetter[]> {
  const r = await api.post<{ data: { code: string; letters?: FoundLetter[] } }>(
    '/svsregistration/find-letter',
    { adharNumber, mobile },
    { skipAuthRedirect: true },
  );
  return r.data.letters?.length ? r.data.letters : [{ uniqueCode: r.data.code, id: 0, year: 0, cropName: '' }];
}
