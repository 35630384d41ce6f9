import S3rver from 's3rver';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { verifySignatureV4, type S3Credentials } from './s3-auth';

/**
 * s3rver, the S3 stand-in, on loopback behind a small front that makes it behave like the private uploads
 * bucket: every request must carry a valid Signature Version 4 (our functions' SDK client, or a presigned
 * URL they issued); anonymous, unsigned or mis-signed requests get 403. Browsers may call it only from the
 * app's origin: the browser PUTs the scan to a presigned URL and staff open scans with a presigned GET. A
 * request from any other origin, or addressed to another host name (DNS rebinding), gets 403 and no
 * Access-Control-Allow-Origin. s3rver itself never computes a V4 signature (it only looks the key up) and
 * answers anonymous requests, hence the front; CORS is s3rver's own bucket configuration. Sizes are not
 * enforced here: our post-upload checks are.
 */
export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/** The stand-in's key pair (s3rver's own account). The functions' local client signs with it (functions/lib/aws.ts). */
export const LOCAL_S3_CREDENTIALS: S3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Origins allowed when none are given (the test run and bench stand-ins, whose app ports are not known
 * when the S3 stand-in starts): pages served from this machine's loopback. `npm start` names its own.
 */
export const LOOPBACK_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];

function corsXml(origins: string[]): string {
  return `<CORSConfiguration>
  <CORSRule>
${origins.map((o) => `    <AllowedOrigin>${o}</AllowedOrigin>`).join('\n')}
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

/** The same matching as an S3 AllowedOrigin: exact, or with one '*' standing for any characters. */
function originMatcher(origins: string[]): (origin: string) => boolean {
  const patterns = origins.map(
    (o) =>
      new RegExp(
        `^${o
          .split('*')
          .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      ),
  );
  return (origin) => patterns.some((p) => p.test(origin));
}

function denied(res: http.ServerResponse, message: string) {
  if (res.headersSent || res.destroyed) return;
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${message}</Message></Error>`;
  res.writeHead(403, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.end(body);
}

interface S3rverObject {
  bucket: string;
  key: string;
  content: Readable | Buffer;
  metadata: Record<string, string>;
}

interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  deleteObject(bucket: string, key: string): Promise<void>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
}

/**
 * s3rver removes a key's directory once a delete leaves it empty; a PUT into that directory at the same moment
 * (pending/ during a surge) then cannot open its file, and the unhandled stream error ends the whole process.
 * Deletes here remove the object's files only and leave the directories.
 */
function keepDirectories(store: S3rverStore): void {
  store.deleteObject = async (bucket, key) => {
    await Promise.all(
      ['object', 'object.md5', 'metadata.json'].map((resource) =>
        rm(store.getResourcePath(bucket, key, resource), { force: true }),
      ),
    );
  };
}

/**
 * S3 answers a PUT once the whole object is stored, and a reader sees the old object or the new one, never a
 * part. s3rver answers once the bytes have passed its hashing, while its file may still be empty: a scan read
 * right after its upload was then refused as empty. Here the bytes go to a side file (its name does not end as
 * an object's, so listings skip it), the metadata is written, and the file is renamed into place last.
 */
function storeWholeObjects(store: S3rverStore): void {
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(objectPath), { recursive: true });
    const partial = `${objectPath}.${randomBytes(6).toString('hex')}.partial`;
    const md5 = createHash('md5');
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    try {
      await pipeline(source, counted, createWriteStream(partial));
      const digest = md5.digest('hex');
      await store.putMetadata(object.bucket, object.key, object.metadata, digest);
      await rename(partial, objectPath);
      return { size, md5: digest };
    } catch (e) {
      await rm(partial, { force: true });
      throw e;
    }
  };
}

export async function startS3(opts: {
  port: number;
  directory: string;
  buckets: string[];
  appOrigins?: string[];
}): Promise<LocalS3> {
  mkdirSync(opts.directory, { recursive: true });
  const origins = opts.appOrigins ?? LOOPBACK_ORIGINS;
  const allowedOrigin = originMatcher(origins);
  // Not run(): its own listener is not exposed; the front below hands it the requests that pass.
  const s3rver: {
    configureBuckets(): Promise<void>;
    callback(): http.RequestListener;
    logger?: { close(): void };
    store: S3rverStore;
  } = new S3rver({
    silent: true,
    directory: opts.directory,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [corsXml(origins)] })),
    allowMismatchedSignatures: false,
  });
  keepDirectories(s3rver.store);
  storeWholeObjects(s3rver.store);
  await s3rver.configureBuckets();
  const s3 = s3rver.callback();

  let hosts = new Set<string>();
  const server = http.createServer((req, res) => {
    res.on('error', () => undefined);
    req.on('error', () => undefined);
    if (!hosts.has(String(req.headers.host ?? '').toLowerCase())) return denied(res, 'Unknown host');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigin(origin)) return denied(res, 'Origin not allowed');
    if (origin !== undefined) {
      // s3rver answers an allowed preflight with "*"; the answer names the one origin it was checked for.
      const setHeader = res.setHeader.bind(res);
      res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === 'access-control-allow-origin' ? origin : value);
    }
    // A preflight carries no credentials by design; s3rver's CORS rule answers it for the allowed origins.
    if (req.method !== 'OPTIONS') {
      const verdict = verifySignatureV4(
        { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers },
        LOCAL_S3_CREDENTIALS,
      );
      if (!verdict.ok) return denied(res, `Access Denied (${verdict.reason})`);
    }
    s3(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
      s3rver.logger?.close();
    },
  };
}
