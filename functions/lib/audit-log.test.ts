import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditEntry, fieldChanges } from './audit-log';

const FUNCTIONS = join(import.meta.dirname, '..');
const LOG_MODULE = 'lib/audit-log.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the audit log is append-only (docs/invariants.md#9-append-only-audit-log)', () => {
  const files = sourceFiles(FUNCTIONS).map((path) => ({ name: relative(FUNCTIONS, path), text: readFileSync(path, 'utf8') }));

  it('only functions/lib/audit-log.ts names an AUDIT# key or builds one', () => {
    expect(files.length).toBeGreaterThan(50);
    const naming = files.filter((f) => f.name !== LOG_MODULE && /AUDIT#|\bauditKey\b/.test(f.text)).map((f) => f.name);
    expect(naming).toEqual([]);
  });

  it('and it only puts new entries: no update or delete of any item', () => {
    const log = files.find((f) => f.name === LOG_MODULE)!.text;
    expect(log).not.toMatch(/UpdateCommand|DeleteCommand|BatchWriteCommand|\bUpdate:|\bDelete:|DeleteRequest/);
  });
});

describe('an entry', () => {
  const caller = { userID: 7, name: 'Asha 234567890124', email: '', roles: ['admin'] };

  it('holds no 12-digit run in any free text, the address kept when it is one', () => {
    const e = auditEntry(
      'config.set',
      caller,
      '203.0.113.9',
      { type: 'config', id: 'Note 345678901234' },
      {
        summary: 'set to 456789012345',
        fields: [{ field: 'Note', before: '', after: 'see 567890123456' }],
      },
    );
    // The random event id aside (a UUID's last group may happen to be all digits).
    expect(JSON.stringify({ ...e, eventId: '' })).not.toMatch(/\d{12}/);
    expect(e.sourceIp).toBe('203.0.113.9');
    expect(e.changes).toEqual([{ field: 'Note', before: '', after: 'see [redacted]' }]);
  });

  it('names a hidden field as changed, never its value, and leaves out fields that did not change', () => {
    const before = { name: 'A', aadhaarHash: 'h1', village: 'X' };
    const after = { name: 'B', aadhaarHash: 'h2', village: 'X' };
    expect(fieldChanges(before, after, ['name', 'aadhaarHash', 'village'], ['aadhaarHash'])).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'aadhaarHash', before: '(hidden)', after: '(hidden), changed' },
    ]);
  });
});
