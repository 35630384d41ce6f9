import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '@web/lib/i18n/en';
import { hi } from '@web/lib/i18n/hi';
import { addMessages, translate } from '@web/lib/i18n/lite';
import { addressText, auditCsv, changeText } from './audit-csv';
import { type AuditAction, WRITE_AUDIT_ACTIONS } from '@shared/audit-actions';
import { actionLabel, auditWords, isLocalAddress } from './audit-text';

addMessages('en', en);
addMessages('hi', hi);
const tIn = (lang: string) => ((key: string, o?: Record<string, unknown>) => translate(lang, key, o)) as unknown as TFunction;
const words = auditWords(tIn('en'));

const entry = (changes: { field: string; before: string; after: string }[], summary?: string) => ({ summary, changes });

describe('the audit log in words', () => {
  it('gives stock in kg and prices in rupees per kg, under the field labels', () => {
    expect(
      changeText(
        entry(
          [
            { field: 'remainingGrams', before: '300000', after: '240000' },
            { field: 'pricePaise', before: '3275', after: '3500' },
          ],
          'lot L-1 changed',
        ),
        words,
      ),
    ).toBe('lot L-1 changed; Remaining stock: 300 kg → 240 kg; Price: ₹32.75 per kg → ₹35.00 per kg');
    // A sale's entry names the lot in the field.
    expect(changeText(entry([{ field: 'lot S26P1-001 remainingGrams', before: '1234500', after: '1234000' }]), words)).toBe(
      'Lot S26P1-001: Remaining stock: 1,234.5 kg → 1,234 kg',
    );
  });

  it('names settings by their labels, the weekly off day by its name, switches and roles in words', () => {
    expect(
      changeText(
        entry([
          { field: 'WeeklyOffDay', before: '5', after: '0' },
          { field: 'Is_SVS_Form_On', before: '', after: 'true' },
          { field: 'AcceptOtherDays', before: 'false', after: 'true' },
          { field: 'PerDayLimit', before: '100', after: '120' },
          { field: 'roleIds', before: '[3]', after: '[2,3,9]' },
          { field: 'isActive', before: 'true', after: 'false' },
        ]),
        words,
      ),
    ).toBe(
      'Weekly off day: Friday → Sunday; Registrations open: — → Open; Accept letters of other days: No → Yes; ' +
        'Appointments per day: 100 → 120; Roles: Seller → Admin, Seller, #9; Active: Yes → No',
    );
    expect(words.value('WeeklyOffDay', '-1')).toBe('None');
    expect(words.value('kind', 'organisation')).toBe('Organisation');
    expect(words.value('rules', '{"unit":"bag","bagSizeKg":40,"minQty":1,"maxQty":3,"defaultQty":1}')).toBe(
      '1–3 bags of 40 kg (default 1)',
    );
    // In Hindi too.
    const hiWords = auditWords(tIn('hi'));
    expect(changeText(entry([{ field: 'WeeklyOffDay', before: '5', after: '0' }]), hiWords)).toBe(
      'साप्ताहिक अवकाश: शुक्रवार → रविवार',
    );
    expect(hiWords.value('remainingGrams', '300000')).toBe('300 किग्रा');
  });

  it('keeps what it cannot read as stored: unknown fields, non-numbers, custom keys', () => {
    expect(changeText(entry([{ field: 'Help_Line', before: '', after: '1800' }]), words)).toBe('Help_Line: — → 1800');
    expect(words.value('remainingGrams', 'n/a')).toBe('n/a');
    expect(words.value('roleIds', 'not json')).toBe('not json');
  });

  it('says "This machine" for a loopback address, and keeps the address beside it in the file', () => {
    for (const ip of ['::1', '127.0.0.1', '::ffff:127.0.0.1', '127.1.2.3']) expect(isLocalAddress(ip), ip).toBe(true);
    for (const ip of ['203.0.113.9', '10.0.0.1', '2001:db8::1', 'demo-data', '1127.0.0.1'])
      expect(isLocalAddress(ip), ip).toBe(false);
    expect(words.address('::1')).toBe('This machine');
    expect(addressText('::1', words)).toBe('This machine (::1)');
    expect(addressText('203.0.113.9', words)).toBe('203.0.113.9');
    const csv = auditCsv(
      ['When', 'Who', 'ID', 'Roles', 'Address', 'Action', 'Target', 'Change'],
      [
        {
          eventId: 'e1',
          at: '2026-11-26T04:00:00.000Z',
          action: 'settings.update',
          userID: 3,
          userName: 'Asha',
          roles: ['admin'],
          sourceIp: '::1',
          subjectType: 'settings',
          subjectId: 'season',
          changes: [{ field: 'WeeklyOffDay', before: '5', after: '0' }],
        },
      ],
      words,
    );
    expect(csv.split('\r\n')[1]).toBe(
      '2026-11-26T04:00:00.000Z,Asha,3,admin,This machine (::1),settings.update,settings season,Weekly off day: Friday → Sunday',
    );
  });
});

describe('the actions in words', () => {
  // Every action the log can hold: the write routes' own, the reads of what the law protects, staff on the public form.
  const actions: readonly AuditAction[] = [
    ...WRITE_AUDIT_ACTIONS,
    'aadhaar.view',
    'aadhaar-scan.view',
    'registration.create-by-staff',
  ] satisfies readonly AuditAction[];

  it('has a label for every action in both languages, and none for an action that does not exist', () => {
    for (const lang of ['en', 'hi']) {
      for (const action of actions) {
        const label = actionLabel(tIn(lang), action);
        expect(label, `${lang} ${action}`).not.toBe(action);
        expect(label.trim(), `${lang} ${action}`).not.toBe('');
      }
      if (lang === 'hi') for (const action of actions) expect(actionLabel(tIn('hi'), action)).toMatch(/[\u0900-\u097F]/);
    }
    const labelled = (dict: Record<string, Record<string, string>>) =>
      Object.entries(dict).flatMap(([area, byVerb]) => Object.keys(byVerb).map((verb) => `${area}.${verb}`));
    expect(labelled(en.auditActions).sort()).toEqual([...new Set(actions)].sort());
    expect(labelled(hi.auditActions).sort()).toEqual([...new Set(actions)].sort());
  });

  it('shows the code of an action with no label', () => {
    expect(actionLabel(tIn('en'), 'lot.create')).toBe('Lot added');
    expect(actionLabel(tIn('en'), 'something.new')).toBe('something.new');
  });
});
