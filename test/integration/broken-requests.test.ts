import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFarmer, validFields, seedFormCrops } from '../fixtures/registration-helpers';
import { fakeAppShell } from '../support/app-shell';
import { useTestApi } from '../support/integration';
import { rawRequest, requestHead as head, TRUNCATED_FILE_PART, type RawReply, type RawRequest } from '../support/raw-http';

/**
 * Requests no browser sends, over raw sockets to the local gateway: malformed URLs, bodies cut short in every
 * content type the routes take, clients that leave mid-body, garbage request lines. Each gets a 4xx (or, when
 * the client has gone, nothing), never a 5xx; and afterwards the same server still serves the app and takes a
 * registration. An unhandled error anywhere on the request path would end this test process.
 */
/** A small app shell of its own, so the test does not depend on a build of the web app. */
const staticDir = fakeAppShell('seed-static-', 'app.js');
const { api, tokens } = useTestApi({ staticDir }, 'admin');

beforeAll(async () => {
  await seedFormCrops();
});
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const MSG_UNREADABLE_FORM = /फॉर्म पढ़ा नहीं जा सका.*The form could not be read/;

/** A whole HTTP message whose body (in its own format) is cut short. */
function post(target: string, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): RawRequest {
  const bytes = Buffer.from(body);
  return {
    head: Buffer.concat([
      Buffer.from(head('POST', target, { 'Content-Type': contentType, 'Content-Length': bytes.length, ...headers })),
      bytes,
    ]),
  };
}

const json = 'application/json';
const multipart = 'multipart/form-data; boundary=zzz';

interface Case {
  what: string;
  req: () => RawRequest;
  /** 'answered': a 4xx must come back; 'gone': the client left, so a 4xx or nothing. */
  expect: 'answered' | 'gone';
  check?: (r: RawReply) => void;
}

const answered = (what: string, req: () => RawRequest, check?: (r: RawReply) => void): Case => ({
  what,
  req,
  expect: 'answered',
  check,
});
const gone = (what: string, req: () => RawRequest): Case => ({ what, req, expect: 'gone' });

const cases: Case[] = [
  // Malformed percent-encodings in static and API paths and in query strings.
  answered(
    'GET /%E0%A4%A',
    () => ({ head: head('GET', '/%E0%A4%A') }),
    (r) => expect(r.status).toBe(400),
  ),
  answered('a bad encoding under /assets/', () => ({ head: head('GET', '/assets/%E0%A4%A.js') })),
  answered('a bad encoding in a client-side route', () => ({ head: head('GET', '/admin/%ZZ') })),
  answered('a lone % in a path', () => ({ head: head('GET', '/bills/%') })),
  answered('an encoded NUL in a static path', () => ({ head: head('GET', '/index.html%00.js') })),
  answered('a bad encoding in a letter code', () => ({ head: head('GET', '/svsregistration/AppointmentList/%E0%A4%A') })),
  answered('a bad encoding in a lot code', () => ({ head: head('GET', '/api/lots/by-code/%C0%AF%E0') })),
  answered('a bad encoding in a bill number', () => ({ head: head('GET', '/api/invoices/by-number/%E0%A4%A/qrcode.png') })),
  answered('a bad encoding in a POST path', () => post('/svsregistration/%E0%A4%A', json, '{}')),
  answered('a bad encoding in a static query', () => ({ head: head('GET', '/?lang=%E0%A4%A') })),
  answered('a bad encoding in a public API query', () => ({ head: head('GET', '/api/home/summary?x=%ZZ') })),
  answered('a bad encoding in a staff search', () => ({
    head: head('GET', '/api/farmers?search=%E0%A4%A', { Authorization: `Bearer ${tokens.admin}` }),
  })),
  answered('a bad encoding in a query key', () => ({
    head: head('GET', '/api/registrations?%E0=1', { Authorization: `Bearer ${tokens.admin}` }),
  })),
  // Request lines and targets no browser sends.
  answered('a garbage request line', () => ({ head: 'GARBAGE\r\n\r\n' })),
  answered('binary junk', () => ({
    head: Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a]),
  })),
  answered('a request line without a target', () => ({ head: 'GET\r\nHost: localhost\r\n\r\n' })),
  answered('an unknown method', () => ({ head: head('BREW', '/') })),
  answered('a raw NUL in the target', () => ({ head: 'GET /a\0b HTTP/1.1\r\nHost: localhost\r\n\r\n' })),
  answered('the asterisk target', () => ({ head: head('OPTIONS', '*') })),
  answered('a 20,000-character URL', () => ({ head: head('GET', `/${'a'.repeat(20_000)}`) })),
  answered('a header without a colon', () => ({ head: 'GET / HTTP/1.1\r\nHost: localhost\r\nnot a header\r\n\r\n' })),
  answered('both Content-Length and chunked (request smuggling)', () => ({
    head: 'POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /admin HTTP/1.1\r\n\r\n',
  })),
  answered('two Content-Length headers that disagree', () => ({
    head: 'POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}',
  })),
  // Bodies cut short inside their own format, for every content type the routes take.
  answered(
    'the multipart form cut off inside the file part',
    () => post('/svsregistration', multipart, TRUNCATED_FILE_PART),
    (r) => {
      expect(r.status).toBe(400);
      expect(r.text).toMatch(MSG_UNREADABLE_FORM);
    },
  ),
  answered('the multipart form cut off inside a field', () =>
    post('/svsregistration', multipart, '--zzz\r\nContent-Disposition: form-data; name="Name"\r\n\r\nRa'),
  ),
  answered('the multipart form cut off inside part headers', () =>
    post('/svsregistration', multipart, '--zzz\r\nContent-Disposition: form-data; name="FileAdhar"; filename="a.p'),
  ),
  answered('a part whose headers never end', () =>
    post('/svsregistration', multipart, '--zzz\r\nContent-Disposition: form-data; name="FileAdhar"\r\n\rabc\r\n--zzz--\r\n'),
  ),
  answered('a multipart form with no boundary', () => post('/svsregistration', 'multipart/form-data', TRUNCATED_FILE_PART)),
  answered('the registration as JSON cut off', () => post('/svsregistration', json, '{"Name":"Ram","adharNumber":"23')),
  answered('the upload-url request cut off', () =>
    post('/svsregistration/upload-url', json, '{"fileName":"a.pdf","contentType":"appl'),
  ),
  answered('find-letter cut off', () => post('/svsregistration/find-letter', json, '{"mobile":"98765')),
  answered('a code request cut off', () => post('/svsregistration/otp', json, '{"mobile":"9876543210","purp')),
  answered('sign-in cut off', () => post('/auth/login', json, '{"email":"a@b.c","pass')),
  answered('a sale cut off', () =>
    post('/api/sales/make', json, '{"registrationID":1,"ba', { Authorization: `Bearer ${tokens.admin}` }),
  ),
  answered('a producer cut off', () => post('/api/producers', json, '{"name":"', { Authorization: `Bearer ${tokens.admin}` })),
  answered('invalid UTF-8 in JSON', () =>
    post('/auth/login', json, Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d])),
  ),
  answered('a form-encoded body to a JSON route', () =>
    post('/auth/login', 'application/x-www-form-urlencoded', 'email=a%40b.c&password=%E0%A4'),
  ),
  answered('plain text to the registration', () => post('/svsregistration', 'text/plain', 'Name=Ra')),
  // The body ends before its Content-Length or its last chunk.
  answered('a Content-Length larger than the body, then the sending side closed', () => ({
    head: head('POST', '/auth/login', { 'Content-Type': json, 'Content-Length': 500 }) + '{"email":"a@b.c"',
    halfClose: true,
  })),
  answered('a multipart body shorter than its Content-Length, then the sending side closed', () => ({
    head: head('POST', '/svsregistration', { 'Content-Type': multipart, 'Content-Length': 10_000 }) + TRUNCATED_FILE_PART,
    halfClose: true,
  })),
  answered('a chunked body cut off, then the sending side closed', () => ({
    head:
      head('POST', '/svsregistration', { 'Content-Type': multipart, 'Transfer-Encoding': 'chunked' }) +
      `400\r\n${TRUNCATED_FILE_PART}`,
    halfClose: true,
  })),
  answered('a chunked body with a malformed chunk size', () => ({
    head: head('POST', '/auth/login', { 'Content-Type': json, 'Transfer-Encoding': 'chunked' }) + 'zz\r\n{}\r\n0\r\n\r\n',
  })),
  answered('a body over the 6 MB limit', () => ({
    head:
      head('POST', '/svsregistration', { 'Content-Type': multipart, 'Content-Length': 7 * 1024 * 1024 }) +
      'x'.repeat(7 * 1024 * 1024),
  })),
  // The client goes away mid-body, after the server has taken the request (its "100 Continue").
  gone('a JSON body aborted mid-way', () => ({
    head: head('POST', '/svsregistration', { 'Content-Type': json, 'Content-Length': 2000, Expect: '100-continue' }),
    afterContinue: { body: '{"Name":"Ram",', andThen: 'destroy' },
  })),
  gone('a multipart body aborted inside the file part', () => ({
    head: head('POST', '/svsregistration', { 'Content-Type': multipart, 'Content-Length': 10_000, Expect: '100-continue' }),
    afterContinue: { body: TRUNCATED_FILE_PART, andThen: 'destroy' },
  })),
  gone('a chunked multipart body aborted mid-chunk', () => ({
    head: head('POST', '/svsregistration', { 'Content-Type': multipart, 'Transfer-Encoding': 'chunked', Expect: '100-continue' }),
    afterContinue: { body: `400\r\n${TRUNCATED_FILE_PART}`, andThen: 'destroy' },
  })),
  gone('a body to a static path aborted mid-way', () => ({
    head: head('POST', '/admin', { 'Content-Type': json, 'Content-Length': 2000, Expect: '100-continue' }),
    afterContinue: { body: '{"a":', andThen: 'destroy' },
  })),
  gone('a sign-in aborted mid-body, the sending side closed', () => ({
    head: head('POST', '/auth/login', { 'Content-Type': json, 'Content-Length': 2000, Expect: '100-continue' }),
    afterContinue: { body: '{"email":', andThen: 'half-close' },
  })),
];

/** Odd but well-formed URLs: answered (the app shell or a 4xx), never a 5xx, never a file outside the app. */
const odd: [string, string][] = [
  ['a double slash', '//'],
  ['a double slash naming a host', '//evil.example/admin'],
  ['a backslash', '/\\'],
  ['the absolute form', 'http://x/'],
  ['the absolute form of an API path', 'http://x/api/home/summary'],
  ['an encoded climb out of the app', '/..%2f..%2f..%2f..%2fetc/passwd'],
  ['a plain climb out of the app', '/assets/../../../../etc/passwd'],
  ['an encoded climb in an API path', '/api/lots/by-code/..%2f..%2fetc%2fpasswd'],
  ['an encoded NUL in an API parameter', '/svsregistration/AppointmentList/abc%00def'],
];

function expectAnswer(c: Case, r: RawReply) {
  const shown = `${c.what}: ${r.text.slice(0, 300)}`;
  if (c.expect === 'answered') expect(r.status, shown).not.toBeNull();
  if (r.status !== null) {
    expect(r.status, shown).toBeGreaterThanOrEqual(400);
    expect(r.status, shown).toBeLessThan(500);
  }
  expect(r.text, shown).not.toMatch(/\bat [\w.<>]+ \(|node:internal|Internal Server Error/);
  c.check?.(r);
}

describe('broken requests to the local gateway', () => {
  it('each gets a 4xx (or nothing, when the client left), one after another', async () => {
    for (const c of cases) expectAnswer(c, await rawRequest(api.url, c.req()));
  });

  it('each gets a 4xx (or nothing) when all are sent at once, twice over', async () => {
    const all = [...cases, ...cases];
    const replies = await Promise.all(all.map((c) => rawRequest(api.url, c.req())));
    replies.forEach((r, i) => expectAnswer(all[i], r));
  });

  it('odd URLs get the app shell or a 4xx, never a 5xx or a file outside the app', async () => {
    for (const [what, target] of odd) {
      const r = await rawRequest(api.url, { head: head('GET', target) });
      const shown = `${what}: ${r.text.slice(0, 300)}`;
      expect(r.status, shown).not.toBeNull();
      expect(r.status!, shown).toBeLessThan(500);
      expect(r.text, shown).not.toMatch(/root:|\/bin\/(ba)?sh/);
    }
  });

  it('afterwards, the same server serves the app, signs in and takes a whole registration', async () => {
    const page = await api.call('GET', '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    const asset = await api.call('GET', '/assets/app.js');
    expect(asset.status).toBe(200);
    const signIn = await api.call('POST', '/auth/login', { body: { email: api.adminEmail, password: api.adminPassword } });
    expect(signIn.status).toBe(200);
    const fields = validFields();
    const r = await registerFarmer(api, fields);
    expect(r.status, r.text).toBe(201);
    const letter = await api.call('GET', `/svsregistration/AppointmentList/${r.json.data.uniqeCode}`);
    expect(letter.status).toBe(200);
    expect(letter.json.data[0].name).toBe(fields.Name);
  });
});

describe('the truncated multipart event through the Lambda handler', () => {
  it('npm run invoke with events/registration-truncated-multipart.json prints a 400 and exits normally', async () => {
    const event = JSON.parse(readFileSync('events/registration-truncated-multipart.json', 'utf8'));
    expect(Buffer.from(event.body, 'base64').toString('latin1')).toBe(TRUNCATED_FILE_PART);
    // invoke.ts in its own process, as `npm run invoke -- <event>` runs it, against this file's table.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'infra/local/invoke.ts', 'events/registration-truncated-multipart.json'],
      {
        env: process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, out).toBe(0);
    // The handler's log lines come first; the result is printed last, indented.
    const result = JSON.parse(out.slice(out.lastIndexOf('{\n  "statusCode"')));
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body).message).toMatch(MSG_UNREADABLE_FORM);
  });

  it('the same body read by the handler in this process answers 400 and leaves no error behind', async () => {
    const { handler } = await import('@functions/registrations/handler');
    const event = JSON.parse(readFileSync('events/registration-truncated-multipart.json', 'utf8'));
    const result = await handler(event, { awsRequestId: 'truncated' } as never);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!).message).toMatch(MSG_UNREADABLE_FORM);
  });
});
