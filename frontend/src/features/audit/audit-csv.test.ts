import { describe, expect, it } from 'vitest';
import { auditCsv, changeText } from './audit-csv';

const entry = {
  eventId: 'e1',
  at: '2026-11-26T04:00:00.000Z',
  action: 'settings.update',
  userID: 3,
  userName: 'Asha, "head"',
  roles: ['admin', 'super_admin'],
  sourceIp: '203.0.113.9',
  subjectType: 'settings',
  subjectId: 'season',
  summary: '=HYPERLINK("x")',
  changes: [{ field: 'PerDayLimit', before: '100', after: '120' }],
};

describe('the audit CSV', () => {
  it('quotes commas and quotes, defuses formulas and ends rows with CRLF', () => {
    const csv = auditCsv(['When', 'Who', 'ID', 'Roles', 'Address', 'Action', 'Target', 'Change'], [entry]);
    expect(csv).toBe(
      'When,Who,ID,Roles,Address,Action,Target,Change\r\n' +
        '2026-11-26T04:00:00.000Z,"Asha, ""head""",3,admin super_admin,203.0.113.9,settings.update,settings season,' +
        `"'=HYPERLINK(""x""); PerDayLimit: 100 → 120"\r\n`,
    );
  });

  it('shows a change as its summary and each field before → after', () => {
    expect(changeText({ summary: undefined, changes: [{ field: 'isActive', before: 'true', after: '' }] })).toBe(
      'isActive: true → —',
    );
  });
});
