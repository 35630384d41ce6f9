import S3rver from 's3rver';
import { mkdirSync } from 'node:fs';

/** s3rver: an S3 stand-in on loopback. It checks neither signatures nor sizes; our post-upload checks do. */
export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startS3(opts: { port: number; directory: string; buckets: string[] }): Promise<LocalS3> {
  mkdirSync(opts.directory, { recursive: true });
  const server = new S3rver({
    port: opts.port,
    address: '127.0.0.1',
    silent: true,
    directory: opts.directory,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [CORS] })),
  } as never);
  const address = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    stop: () => server.close() as Promise<void>,
  };
}
