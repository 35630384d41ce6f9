import { AUDIT_MAX_TAKE, type AuditEntryResponse, type AuditPage } from '@shared/schemas/audit';
import { call } from '@web/lib/api';
import { saveBlob } from '@web/lib/save-blob';
import { auditCsv } from './audit-csv';
import type { AuditWords } from './audit-text';

export interface AuditFilters {
  from: string;
  to: string;
  actor: string;
  action: string;
  target: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = { from: '', to: '', actor: '', action: '', target: '' };

const queryOf = (f: AuditFilters, skip: number, take: number) => ({
  ...Object.fromEntries(Object.entries(f).filter(([, v]) => v.trim() !== '')),
  skip,
  take,
});

export const listAudit = (f: AuditFilters, skip: number, take: number, signal?: AbortSignal): Promise<AuditPage> =>
  call('GET /api/audit', { query: queryOf(f, skip, take), signal });

/** Every entry of the filtered window, page by page, saved as a CSV file (UTF-8 with a BOM, for spreadsheets). */
export async function exportAudit(f: AuditFilters, headers: readonly string[], words?: AuditWords): Promise<number> {
  const entries: AuditEntryResponse[] = [];
  let page: AuditPage;
  do {
    page = await listAudit(f, entries.length, AUDIT_MAX_TAKE);
    entries.push(...page.items);
  } while (page.items.length > 0 && entries.length < page.total);
  const blob = new Blob(['\uFEFF', auditCsv(headers, entries, words)], { type: 'text/csv;charset=utf-8' });
  saveBlob(blob, `audit-${page.from}-to-${page.to}.csv`);
  return entries.length;
}
