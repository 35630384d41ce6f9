import type { Contract, ReplyData, SentPart } from '@shared/contract';
import { holdsAadhaar, PRIVATE_QUERY_HEADER } from '@shared/private-query';
import { ApiError } from './api';
import { getToken } from './session';

/**
 * The client of the export route, which answers a file or JSON. Staff screens only: kept out of ./api.ts, which
 * the public pages load, so it repeats that module's few lines on the query and the error message.
 */
const BASE = (import.meta.env.VITE_API_BASE as string | undefined)?.replace(/\/$/, '') ?? '';
type ExportKey = 'GET /api/export/{kind}';
type QueryValue = string | number | boolean | null | undefined;

function messageOf(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body?.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON: the text
  }
  return text.trim() || `HTTP ${status}`;
}
/** What a route answering a file or JSON gave: the file with its name, or the JSON with its status (202: a job). */
export type FileOrData<D> = { file: Blob; fileName: string } | { data: D; status: number };

function fileNameOf(disposition: string | null): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (utf8) return decodeURIComponent(utf8[1]);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? 'export';
}

/** GET /api/export/{kind}: the file, or (202) the job that writes it. A whole Aadhaar number goes in a header. */
export async function callForFile(
  _key: ExportKey,
  opts: {
    params: { kind: string };
    query: { [Q in keyof SentPart<Contract[ExportKey], 'query'>]?: QueryValue } & Record<string, QueryValue>;
  },
): Promise<FileOrData<ReplyData<Contract[ExportKey]>>> {
  const open = new URLSearchParams();
  const hidden = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query)) {
    if (v === undefined || v === null || v === '') continue;
    (holdsAadhaar(String(v)) ? hidden : open).set(k, String(v));
  }
  const headers: Record<string, string> = {};
  if (hidden.size) headers[PRIVATE_QUERY_HEADER] = hidden.toString();
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${BASE}/api/export/${encodeURIComponent(opts.params.kind)}?${open.toString()}`, {
    headers,
    credentials: 'omit',
  });
  // A 401 is shown as it is; the screen's next call of ./api.ts leads to the sign-in page.
  if (!res.ok) {
    throw new ApiError(messageOf(await res.text(), res.status), res.status);
  }
  if (/\bjson\b/i.test(res.headers.get('content-type') ?? '')) {
    return { data: (await res.json()) as ReplyData<Contract[ExportKey]>, status: res.status };
  }
  return { file: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) };
}
