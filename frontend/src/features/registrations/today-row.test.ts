import { describe, expect, it } from 'vitest';
import type { TodayRow } from '@shared/schemas/counter';
import { checkinOf, enterAction, issueRowOf, matchesSearch, readTyped } from './today-row';

const row: TodayRow = {
  registrationId: 42,
  year: 2026,
  number: 42,
  name: 'Ramesh Prasad',
  mobileNumber: '9876543210',
  aadhaarLast4: '1234',
  cropId: 7,
  cropName: 'Wheat',
  cropNameHi: 'गेहूँ',
  bagsRequested: 2,
  unit: 'bag',
  quantityOffered: true,
  farmerID: null,
  appointmentDate: '2026-12-01',
  shift: 1,
  shiftLabel: 'Morning',
  status: 'arrived',
  token: 3,
  arrivedAt: '2026-12-01T04:30:00.000Z',
  otherDay: false,
  servedAt: null,
  counter: null,
  invoiceNumber: null,
};

describe('what the search field takes', () => {
  it('checks in a letter link as a USB scanner types it, a bare code, or a number', () => {
    expect(checkinOf(' https://seed.example.org/svs/appointment/AbCdEfGhIjKlMnOpQr \n')).toEqual({
      code: 'https://seed.example.org/svs/appointment/AbCdEfGhIjKlMnOpQr',
    });
    expect(checkinOf('AbCdEfGhIjKlMnOpQr_-12')).toEqual({ code: 'AbCdEfGhIjKlMnOpQr_-12' });
    expect(checkinOf('42')).toEqual({ registrationId: 42 });
  });

  it('checks in nothing for a mobile number, a name or an empty field', () => {
    expect(checkinOf('9876543210')).toBeNull();
    expect(checkinOf('Ramesh')).toBeNull();
    expect(checkinOf('  ')).toBeNull();
  });

  it('reads the last letter link when text was left in the field before the scan', () => {
    const left = 'Ram https://s.example.org/svs/appointment/FirstLetterCode123 ';
    expect(checkinOf(`${left}https://s.example.org/svs/appointment/SecondLetterCode45`)).toEqual({
      code: 'https://s.example.org/svs/appointment/SecondLetterCode45',
    });
    expect(checkinOf('Ramesh AbCdEfGhIjKlMnOpQr')).toEqual({ code: 'AbCdEfGhIjKlMnOpQr' });
  });

  it('checks in on Enter a letter, a number of the list, or a whole mobile of one row', () => {
    const other: TodayRow = { ...row, registrationId: 420, number: 420, name: 'Ramesh Kumar', mobileNumber: '9000000042' };
    const rows = [row, other];
    expect(enterAction('https://s.example.org/svs/appointment/AbCdEfGhIjKlMnOpQr', rows)).toEqual({
      code: 'https://s.example.org/svs/appointment/AbCdEfGhIjKlMnOpQr',
    });
    expect(enterAction('42', rows)).toEqual({ registrationId: 42, year: 2026 });
    expect(enterAction(' 420 ', rows)).toEqual({ registrationId: 420, year: 2026 });
    expect(enterAction('42/2026', rows)).toEqual({ registrationId: 42, year: 2026 });
    expect(enterAction('४२', rows)).toEqual({ registrationId: 42, year: 2026 });
    expect(enterAction('9000000042', rows)).toEqual({ registrationId: 420, year: 2026 });
    expect(enterAction('+91 90000 00042', rows)).toEqual({ registrationId: 420, year: 2026 });
  });

  it('never takes a row whose mobile merely holds the typed number: the number goes to the server as a registration number', () => {
    // Registration 5 is not in the list; the only row whose mobile holds a 5 is Ramesh's.
    const rows = [row];
    expect(matchesSearch(row, '5')).toBe(true);
    expect(enterAction('5', rows)).toEqual({ registrationId: 5 });
    expect(enterAction('5/2025', rows)).toEqual({ registrationId: 5, year: 2025 });
    expect(enterAction('543210', rows)).toEqual({ registrationId: 543210 });
    // A number of the list of another year is no match for number/year.
    expect(enterAction('42/2025', rows)).toEqual({ registrationId: 42, year: 2025 });
  });

  it('checks in nobody for a name, a part of a mobile, a mobile of several rows or of none: it counts the rows left to pick from', () => {
    const other: TodayRow = { ...row, registrationId: 420, number: 420, name: 'Ramesh Kumar', mobileNumber: '9000000042' };
    const sameMobile: TodayRow = { ...row, registrationId: 77, number: 77, name: 'Sita Prasad' };
    const rows = [row, other, sameMobile];
    expect(enterAction('Prasad', rows)).toEqual({ pick: 2 });
    expect(enterAction('Ramesh Kumar', rows)).toEqual({ pick: 1 });
    expect(enterAction('Suresh', rows)).toEqual({ pick: 0 });
    expect(enterAction('98765432101', rows)).toEqual({ pick: 0 });
    expect(enterAction('9876543210', rows)).toEqual({ pick: 2, mobile: true });
    expect(enterAction('9111111111', rows)).toEqual({ pick: 0, mobile: true });
    expect(enterAction('', rows)).toEqual({ pick: 3 });
    expect(enterAction('0', rows)).toEqual({ pick: 3 });
    // The same number in two years of the list: the clerk picks, or types number/year.
    const lastYear: TodayRow = { ...row, year: 2025 };
    expect(enterAction('42', [row, lastYear])).toEqual({ pick: 2 });
    expect(enterAction('42/2025', [row, lastYear])).toEqual({ registrationId: 42, year: 2025 });
  });

  it('reads what was typed as a letter, a registration number, a whole mobile or other text', () => {
    expect(readTyped('AbCdEfGhIjKlMnOpQr')).toEqual({ kind: 'letter', code: 'AbCdEfGhIjKlMnOpQr' });
    expect(readTyped('7')).toEqual({ kind: 'number', number: 7 });
    expect(readTyped('7 / 2026')).toEqual({ kind: 'number', number: 7, year: 2026 });
    expect(readTyped('098765 43210')).toEqual({ kind: 'mobile', mobile: '9876543210' });
    expect(readTyped('Ram')).toEqual({ kind: 'text', text: 'ram' });
    expect(readTyped('000')).toEqual({ kind: 'text', text: '000' });
    expect(readTyped('  ')).toEqual({ kind: 'empty' });
  });

  it('narrows the rows by number, a part of the name, or the mobile’s digits', () => {
    expect(matchesSearch(row, '42')).toBe(true);
    expect(matchesSearch(row, '42/2026')).toBe(true);
    expect(matchesSearch(row, '42/2025')).toBe(false);
    expect(matchesSearch(row, '99')).toBe(false);
    expect(matchesSearch(row, 'ramesh')).toBe(true);
    expect(matchesSearch(row, '543210')).toBe(true);
    expect(matchesSearch(row, '9876543210')).toBe(true);
    expect(matchesSearch(row, '9876543211')).toBe(false);
    expect(matchesSearch(row, 'Suresh')).toBe(false);
    expect(matchesSearch(row, '')).toBe(true);
  });
});

describe('issueRowOf', () => {
  it('gives Issue Seeds the registration, crop and quantity, and no Aadhaar beyond its last four digits', () => {
    const r = issueRowOf(row);
    expect(r).toMatchObject({ id: 42, year: 2026, cropId: 7, bagsRequested: 2, unit: 'bag', quantityOffered: true });
    expect(r.adharNumber).toBe('XXXX-XXXX-1234');
  });
});
