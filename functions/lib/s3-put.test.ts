import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from './env';
import { putObject } from './s3';

/**
 * A PUT carries the body's Content-MD5 (S3 refuses a body that does not match it, and asks for an integrity
 * header on uploads to the audit archive's Object Lock bucket). s3rver ignores the header, so it is read here.
 */
const seen: { url: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(200, { etag: '"x"' });
    res.end();
  });
});
const saved = { ...process.env };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    TABLE_NAME: 's3-put-test',
    JWT_SECRET: 's3-put-test-secret-'.padEnd(40, 'x'),
    AWS_REGION: 'ap-south-1',
    S3_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
  resetEnvCache();
});
afterAll(async () => {
  process.env = saved;
  resetEnvCache();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('putObject', () => {
  it('sends the body with its Content-MD5, type and length, signed', async () => {
    const body = Buffer.from(JSON.stringify({ pk: 'AUDIT#2026-11-29', sk: 'x', note: 'बीज' }));
    await putObject('seed-audit-archive', 'audit/2026-11-29/a#b.json', body, { contentType: 'application/json' });
    const [put] = seen;
    expect(put.url).toBe('/seed-audit-archive/audit/2026-11-29/a%23b.json');
    expect(put.body.equals(body)).toBe(true);
    expect(put.headers['content-md5']).toBe(createHash('md5').update(body).digest('base64'));
    expect(put.headers['content-type']).toBe('application/json');
    expect(put.headers['content-length']).toBe(String(body.length));
    expect(put.headers.authorization).toMatch(/SignedHeaders=[^,]*content-md5[^,]*,/);
  });
});
