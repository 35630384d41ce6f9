import type { AuditEntryResponse } from '@shared/schemas/audit';

/** What the Change column shows: the summary, then each field as before → after. */
export function changeText(e: Pick<AuditEntryResponse, 'summary' | 'changes'>): string {
  const fields = (e.changes ?? []).map((c) => `${c.field}: ${c.before || '—'} → ${c.after || '—'}`);
  return [e.summary, ...fields].filter(Boolean).join('; ');
}

export const targetText = (e: Pick<AuditEntryResponse, 'subjectType' | 'subjectId' | 'subjectYear'>) =>
  `${e.subjectType} ${e.subjectId}${e.subjectYear ? ` (${e.subjectYear})` : ''}`;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet would read
 * as a formula (starting with = + - @ or a tab) gets a leading apostrophe.
 */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The entries as CSV rows under the given headers (when, who, id, roles, address, action, target, change). */
export function auditCsv(headers: readonly string[], entries: readonly AuditEntryResponse[]): string {
  const rows = entries.map((e) => [
    e.at,
    e.userName,
    e.userID,
    e.roles.join(' '),
    e.sourceIp,
    e.action,
    targetText(e),
    changeText(e),
  ]);
  return [headers, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
