import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postJson, validFields } from '@test/fixtures/registration-helpers';
import { aadhaarVariants, digitsInClear } from '@shared/redact-corpus';
import { captureLogLines } from '../support/log-capture';
import { useTestApi } from '../support/integration';

/**
 * Issue 12, item 7: the access log line of every request names its path; an Aadhaar number standing in a path
 * with hyphens, spaces or joined to letters must not reach the log. Lines are captured as the logger writes them
 * (console, outside Lambda) while the requests go through the real gateway and handlers.
 */
const { api, tokens } = useTestApi('seller');
let lines: string[] = [];

beforeAll(async () => {
  lines = captureLogLines();
});
afterAll(async () => {
  vi.restoreAllMocks();
});

/** Twelve digits with at most two characters other than letters between neighbours, read after percent-decoding. */
const TWELVE = /\d(?:[^A-Za-z\d]{0,2}\d){11}/;
const decoded = (line: string) =>
  line.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

describe('the access log line', () => {
  it('holds no 12-digit run for Aadhaar numbers in paths (hyphens, spaces, letters, longer runs)', async () => {
    const paths = [
      '/api/invoices/by-number/2345-0000-0011',
      '/svsregistration/AppointmentList/234500000010abcdef',
      '/svsregistration/AppointmentList/2345%200000%200012',
      '/svsregistration/AppointmentList/x2345000000130000',
      '/api/lots/by-code/2345-0000-0014',
      '/api/invoices/by-number/2345000000150',
      '/svsregistration/AppointmentList/%37%38%35%37%37%39%37%36%30%31%35%36',
      '/api/invoices/by-number/7857%2D7976%2D0156',
      '/api/invoices/by-number/7857%C2%A07976%C2%A00156',
      '/api/invoices/by-number/7857%097976%090156',
      '/api/invoices/by-number/7857--7976--0156',
      '/api/lots/by-code/7857_7976_0156',
      '/api/lots/by-code/7857.7976.0156',
    ];
    lines.length = 0;
    for (const path of paths) {
      const r = await api.call('GET', path);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.status, path).toBeLessThan(500);
    }
    const requestLines = lines.filter((l) => l.includes('"msg":"request"'));
    // One access line per request, each naming its (redacted) path.
    expect(requestLines.length).toBeGreaterThanOrEqual(paths.length);
    expect(requestLines.filter((l) => l.includes('[redacted]')).length).toBeGreaterThanOrEqual(paths.length);
    for (const line of lines) {
      const withoutTime = decoded(line.replace(/"time":"[^"]*"/, ''));
      expect(TWELVE.test(withoutTime), line).toBe(false);
    }
  });
});

/**
 * Issue 28, item 5: the generated corpus (test/support/aadhaar-variants.ts: every grouping with every separator
 * of up to five characters, ' - ', three spaces, ', ', ' – ', '...', letters, in three scripts) sent through the
 * real gateway and handlers in a path, in the staff search's private-query header, in a registration's and in a
 * find-my-letter form's Aadhaar field. No number of the corpus may stand in clear in any line written meanwhile.
 */
describe('an Aadhaar number written any way, sent any way', () => {
  const corpus = aadhaarVariants();
  const PATHS = [
    (t: string) => `/api/invoices/by-number/${encodeURIComponent(t)}`,
    (t: string) => `/svsregistration/AppointmentList/${encodeURIComponent(t)}`,
    (t: string) => `/api/lots/by-code/${encodeURIComponent(t)}`,
  ];

  /** Every number of the corpus that stands in clear in the lines, with the line. */
  const leaks = (written: string[]) =>
    written.flatMap((line) => {
      const digits = digitsInClear(line.replace(/"time":"[^"]*"/, ''));
      return corpus.filter((v) => digits.includes(v.aadhaar)).map((v) => `${JSON.stringify(v.text)} in ${line}`);
    });

  it(`never reaches a log line in clear from a path (${corpus.length} variants)`, async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    lines.length = 0;
    for (const [i, v] of corpus.entries()) {
      const path = PATHS[i % PATHS.length](v.text);
      const r = await api.call('GET', path);
      expect(r.status, path).toBeLessThan(500);
    }
    const requestLines = lines.filter((l) => l.includes('"msg":"request"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(corpus.length);
    expect(requestLines.filter((l) => l.includes('[redacted]')).length).toBeGreaterThanOrEqual(corpus.length);
    expect(leaks(lines)).toEqual([]);
  });

  it('never reaches a log line in clear from the search header, a registration or the find-my-letter form', async () => {
    lines.length = 0;
    for (const v of corpus) {
      const search = await api.call('GET', '/api/registrations', {
        token: tokens.seller,
        headers: { 'x-private-query': new URLSearchParams({ aadhaar: v.text }).toString() },
      });
      expect(search.status).toBeLessThan(500);
      const farmers = await api.call('GET', '/api/farmers', {
        token: tokens.seller,
        headers: { 'x-private-query': new URLSearchParams({ search: v.text }).toString() },
      });
      expect(farmers.status).toBeLessThan(500);
      const registration = await postJson(api, '/svsregistration', validFields({ adharNumber: v.text }));
      expect(registration.status).toBeLessThan(500);
      // A number typed into the wrong fields of Find my letter (the mobile and the code) is no more logged than elsewhere.
      const find = await postJson(api, '/svsregistration/find-letter', { mobile: v.text, otp: v.text });
      expect(find.status).toBeLessThan(500);
    }
    expect(lines.length).toBeGreaterThanOrEqual(corpus.length * 4);
    expect(leaks(lines)).toEqual([]);
  });
});
