import type { AuditEntryResponse } from '@shared/schemas/audit';
import type { AuditWords } from './audit-text';

/** Fields and values as stored (what the CSV held before the log was worded; the tests' plain reading). */
const AS_STORED: AuditWords = {
  field: (name) => name,
  value: (_, text) => text || '—',
  address: (ip) => ip,
};

/** What the Change column shows: the summary, then each field as before → after, in `words`. */
export function changeText(e: Pick<AuditEntryResponse, 'summary' | 'changes'>, words: AuditWords = AS_STORED): string {
  const fields = (e.changes ?? []).map(
    (c) => `${words.field(c.field)}: ${words.value(c.field, c.before)} → ${words.value(c.field, c.after)}`,
  );
  return [e.summary, ...fields].filter(Boolean).join('; ');
}

/** The address as the screen words it, with the address itself when the words differ ("This machine (::1)"). */
export function addressText(ip: string, words: AuditWords = AS_STORED): string {
  const text = words.address(ip);
  return text === ip ? ip : `${text} (${ip})`;
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

/**
 * The entries as CSV rows under the given headers (when, who, id, roles, address, action, target, change), the
 * changes and the address in `words` as the screen shows them.
 */
export function auditCsv(
  headers: readonly string[],
  entries: readonly AuditEntryResponse[],
  words: AuditWords = AS_STORED,
): string {
  const rows = entries.map((e) => [
    e.at,
    e.userName,
    e.userID,
    e.roles.join(' '),
    addressText(e.sourceIp, words),
    e.action,
    targetText(e),
    changeText(e, words),
  ]);
  return [headers, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
