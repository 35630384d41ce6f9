import { describe, expect, it } from 'vitest';
import type { TodayRow } from '@shared/schemas/counter';
import { checkinOf, enterAction, issueRowOf, matchesSearch } from './today-row';

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

  it('checks in on Enter a letter, a number of the list, or the one matching row; else asks to pick the row', () => {
    const other: TodayRow = { ...row, registrationId: 420, number: 420, name: 'Ramesh Kumar', mobileNumber: '9000000042' };
    const rows = [row, other];
    expect(enterAction('https://s.example.org/svs/appointment/AbCdEfGhIjKlMnOpQr', rows)).toEqual({
      code: 'https://s.example.org/svs/appointment/AbCdEfGhIjKlMnOpQr',
    });
    expect(enterAction('42', rows)).toEqual({ registrationId: 42, year: 2026 });
    expect(enterAction('Prasad', rows)).toEqual({ registrationId: 42, year: 2026 });
    expect(enterAction('9000000042', rows)).toEqual({ registrationId: 420, year: 2026 });
    expect(enterAction('Ramesh', rows)).toBe('pick-row');
    expect(enterAction('0', rows)).toBe('pick-row');
    expect(enterAction('31', rows)).toBe('pick-row');
    expect(enterAction('Suresh', rows)).toBe('pick-row');
    expect(enterAction('', rows)).toBe('pick-row');
  });

  it('narrows the rows by number, a part of the name, or the mobile’s digits', () => {
    expect(matchesSearch(row, '42')).toBe(true);
    expect(matchesSearch(row, '99')).toBe(false);
    expect(matchesSearch(row, 'ramesh')).toBe(true);
    expect(matchesSearch(row, '543210')).toBe(true);
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
