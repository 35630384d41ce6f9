import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureLogLines } from '../support/log-capture';
import { useTestApi } from '../support/integration';

/**
 * Issue 12, item 7: the access log line of every request names its path; an Aadhaar number standing in a path
 * with hyphens, spaces or joined to letters must not reach the log. Lines are captured as the logger writes them
 * (console, outside Lambda) while the requests go through the real gateway and handlers.
 */
const { api } = useTestApi();
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
