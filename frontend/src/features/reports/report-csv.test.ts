import { describe, expect, it } from 'vitest';
import { reportCsv } from './report-csv';

const figures = {
  registrations: 3,
  confirmed: 2,
  waitlisted: 1,
  billed: 1,
  noShows: 0,
  cancelled: 0,
  grams: 40_500,
  cashPaise: 131_625,
  onlinePaise: 0,
};

describe('the report CSV', () => {
  it('writes kg and rupees as plain numbers, quotes commas, defuses formulas and ends rows with CRLF', () => {
    const headers = ['District', 'Reg', 'Conf', 'Wait', 'Billed', 'No-shows', 'Cancelled', 'Kg', 'Cash', 'Online'];
    const csv = reportCsv(
      headers,
      [
        { label: 'Kanpur, Nagar', figures },
        { label: '=cmd', figures },
      ],
      { label: 'Total', figures },
    );
    expect(csv.split('\r\n')).toEqual([
      headers.join(','),
      '"Kanpur, Nagar",3,2,1,1,0,0,40.5,1316.25,0',
      "'=cmd,3,2,1,1,0,0,40.5,1316.25,0",
      'Total,3,2,1,1,0,0,40.5,1316.25,0',
      '',
    ]);
  });
});
