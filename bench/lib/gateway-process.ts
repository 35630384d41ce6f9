/**
 * The local gateway as a process of its own, against an already running DynamoDB Local and s3rver, so that
 * bench/faults.ts can kill it (SIGKILL) and start it again. Prints "READY <url>" when it serves.
 *
 *   BENCH_PORT=... BENCH_DATA_DIR=... BENCH_DYNAMO_ENDPOINT=http://127.0.0.1:... BENCH_S3_ENDPOINT=http://127.0.0.1:... \
 *   BENCH_TABLE=... BENCH_BUCKET=... BENCH_ADMIN_EMAIL=... BENCH_ADMIN_PASSWORD=... node --import tsx bench/lib/gateway-process.ts
 */
import './bench-env';

const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};

async function main() {
  const { startLocalStack } = await import('@infra/local/stack');
  const stack = await startLocalStack({
    port: Number(need('BENCH_PORT')),
    dataDir: need('BENCH_DATA_DIR'),
    dynamoPort: 0,
    dynamoEndpoint: need('BENCH_DYNAMO_ENDPOINT'),
    s3Port: 0,
    s3Endpoint: need('BENCH_S3_ENDPOINT'),
    tableName: need('BENCH_TABLE'),
    uploadsBucket: need('BENCH_BUCKET'),
    staticDir: 'frontend/dist',
    adminEmail: need('BENCH_ADMIN_EMAIL'),
    adminPassword: need('BENCH_ADMIN_PASSWORD'),
  });
  console.log(`READY ${stack.url}`);
  const stop = () => stack.stop().then(() => process.exit(0));
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((e) => {
  console.error(`gateway process failed: ${(e as Error).stack ?? e}`);
  process.exit(1);
});
