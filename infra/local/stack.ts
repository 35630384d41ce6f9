import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type http from 'node:http';
import { resetEnvCache } from '@functions/lib/env';
import { seedAll, type SeededAdmin } from '../seed';
import { ensureTable, startDynamo, type LocalDynamo } from './dynamo';
import { createGateway } from './gateway';
import { startAllocationSweeps, startReconciliation, startScanRetention, startUploadLifecycle } from './lifecycle';
import { assertPortFree } from './port-check';
import { startS3, type LocalS3 } from './s3';
import { startStreamConsumer } from './streams';
import { startLocalSms, type LocalSms } from './sms';
import { startSmsJobs } from './sms-jobs';
import { handleDeliveryEvent } from '@functions/notifications/delivery-events';
import { notificationsConsumer } from '@functions/notifications/notification-events';
import { resetSmsSettings } from '@functions/notifications/settings';
import { resetSmsClient } from '@functions/notifications/sms-client';
import { registrationEvents } from '@functions/registrations/registration-events';

/**
 * The whole product on one machine: DynamoDB Local, s3rver, the local gateway and the built SPA.
 * Used by `npm start` and by the end-to-end tests.
 */
export interface LocalStackOptions {
  port: number;
  dataDir: string;
  dynamoPort: number;
  s3Port: number;
  /** Reuse running stand-ins (tests share one DynamoDB Local and s3rver). */
  dynamoEndpoint?: string;
  s3Endpoint?: string;
  tableName: string;
  uploadsBucket: string;
  staticDir: string;
  adminEmail: string;
  adminPassword?: string;
  /** Run the allocation sweep now and every minute (default true; bench/cost.ts meters requests without it). */
  allocationSweeps?: boolean;
  /** Run the scan retention now and every hour (default true). */
  scanRetention?: boolean;
  /** Run the reconciliation of farmer links and counters now and every 10 minutes (default true). */
  reconcile?: boolean;
  /**
   * The table's stream and its consumer: 'poll' (default) reads the stream every second as the cloud's mapping
   * does; 'drain' only when `drainStreams()` is called (tests that look at the follow-up); 'none' runs no
   * consumer (bench/cost.ts runs its own, to meter it); 'off' leaves the table without a stream (tests that
   * never look at the farmer links or dashboard counters of new registrations).
   */
  stream?: 'poll' | 'drain' | 'none' | 'off';
  /**
   * The SMS stand-in's port (infra/local/sms.ts; 0: any free port). With a stream consumer running, the
   * notifications consumer sends the outbox through it. Absent: no SMS stand-in and no sender.
   */
  smsPort?: number;
  /** Share of the stand-in's delivery events that say the carrier refused the message (SMS_FAIL_SHARE). */
  smsFailShare?: number;
  /** Run the reminder job now and every hour, and release held messages every minute (default true with smsPort). */
  smsJobs?: boolean;
}

export interface RunningLocalStack {
  url: string;
  server: http.Server;
  admin: SeededAdmin;
  /** The SMS stand-in (with smsPort): its inbox, its faults. */
  sms?: LocalSms;
  /** Runs the stream's consumer until it has caught up (stream 'poll' or 'drain'). */
  drainStreams(): Promise<void>;
  stop(): Promise<void>;
}

/** Secrets for local use, generated once and kept with the data (encrypted Aadhaar numbers need the same key). */
function localSecrets(dataDir: string): { jwtSecret: string; aadhaarKey: string; farmerCodeKey: string } {
  const file = join(dataDir, 'local-secrets.json');
  if (existsSync(file)) {
    // A data folder from before the farmers' codes gets their key added once.
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    if (kept.farmerCodeKey) return kept;
    const more = { ...kept, farmerCodeKey: randomBytes(48).toString('base64url') };
    writeFileSync(file, JSON.stringify(more), { mode: 0o600 });
    return more;
  }
  const secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    aadhaarKey: randomBytes(64).toString('base64'),
    farmerCodeKey: randomBytes(48).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/**
 * The origins the app is served from, the only ones whose pages may call the S3 stand-in (port 0: any
 * loopback port): the gateway's, and Vite's dev server (`npm run dev:web`, its default port).
 */
function appOrigins(port: number): string[] | undefined {
  if (!port) return undefined;
  const origins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`, 'http://localhost:5173'];
  if (process.env.PUBLIC_BASE_URL) origins.push(new URL(process.env.PUBLIC_BASE_URL).origin);
  return origins;
}

export async function startLocalStack(o: LocalStackOptions): Promise<RunningLocalStack> {
  const dataDir = resolve(o.dataDir);
  mkdirSync(join(dataDir, 'dynamodb'), { recursive: true });
  const secrets = localSecrets(dataDir);

  await Promise.all([
    o.port ? assertPortFree(o.port, 'PORT') : undefined,
    o.dynamoEndpoint ? undefined : assertPortFree(o.dynamoPort, 'DYNAMODB_PORT', '127.0.0.1'),
    o.s3Endpoint ? undefined : assertPortFree(o.s3Port, 'S3_PORT', '127.0.0.1'),
    o.smsPort ? assertPortFree(o.smsPort, 'SMS_PORT', '127.0.0.1') : undefined,
  ]);

  let dynamo: LocalDynamo | undefined;
  let s3: LocalS3 | undefined;
  let sms: LocalSms | undefined;
  // What fails after DynamoDB Local or s3rver started (a port taken meanwhile, a seed that fails) stops them:
  // they are processes and servers of their own, which would outlive this one.
  try {
    const [dynamoEndpoint, s3Endpoint] = await Promise.all([
      o.dynamoEndpoint ??
        startDynamo({ port: o.dynamoPort, dbPath: join(dataDir, 'dynamodb') }).then((d) => ((dynamo = d), d.endpoint)),
      o.s3Endpoint ??
        startS3({
          port: o.s3Port,
          directory: join(dataDir, 's3'),
          buckets: [o.uploadsBucket],
          appOrigins: appOrigins(o.port),
        }).then((s) => ((s3 = s), s.endpoint)),
    ]);

    const url = `http://localhost:${o.port}`;
    Object.assign(process.env, {
      TABLE_NAME: o.tableName,
      UPLOADS_BUCKET: o.uploadsBucket,
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      S3_ENDPOINT: s3Endpoint,
      JWT_SECRET: process.env.JWT_SECRET ?? secrets.jwtSecret,
      AADHAAR_KEY: process.env.AADHAAR_KEY ?? secrets.aadhaarKey,
      FARMER_CODE_KEY: process.env.FARMER_CODE_KEY ?? secrets.farmerCodeKey,
      PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? url,
    });
    resetEnvCache();

    // The SMS stand-in, its delivery events handled as the cloud's event destination hands them on.
    if (o.smsPort !== undefined) {
      sms = await startLocalSms({
        port: o.smsPort,
        failShare: o.smsFailShare,
        onEvent: (e) => handleDeliveryEvent(e).then(() => undefined),
      });
      process.env.SMS_ENDPOINT = sms.endpoint;
      resetSmsSettings();
      resetSmsClient();
    }

    const stream = o.stream ?? 'poll';
    await ensureTable(dynamoEndpoint, o.tableName, { stream: stream !== 'off' });
    const admin = await seedAll(o.adminEmail, o.adminPassword);

    // The uploads bucket's lifecycle rule (pending/ expiry), as the cloud bucket has it.
    const lifecycle = startUploadLifecycle({ s3Endpoint, bucket: o.uploadsBucket });
    // Expiry and promotion, as the cloud's schedule runs them.
    const allocationSweeps = o.allocationSweeps === false ? undefined : startAllocationSweeps();
    // Deletion of scans past their retention time, as the cloud's daily schedule runs it.
    const scanRetention = o.scanRetention === false ? undefined : startScanRetention();
    // Farmer links and counters recomputed from the registrations and bills, as the cloud's nightly schedule runs it.
    const reconciliation = o.reconcile === false ? undefined : startReconciliation();
    // Reminders and the release of held messages, as the cloud's schedules run them.
    const smsJobs = sms && o.smsJobs !== false ? startSmsJobs() : undefined;
    // The farmer links and dashboard counters that follow new registrations, as the cloud's stream mapping runs them.
    const streams =
      stream === 'poll' || stream === 'drain'
        ? startStreamConsumer({
            endpoint: dynamoEndpoint,
            tableName: o.tableName,
            intervalMs: stream === 'drain' ? 0 : undefined,
            consumers: sms ? [registrationEvents, notificationsConsumer()] : undefined,
          })
        : undefined;

    const server = createGateway({ staticDir: o.staticDir });
    await new Promise<void>((res, rej) => {
      server.once('error', rej);
      server.listen(o.port, () => res());
    }).catch(async (e: unknown) => {
      lifecycle.stop();
      await streams?.stop();
      await allocationSweeps?.stop();
      await scanRetention?.stop();
      await reconciliation?.stop();
      await smsJobs?.stop();
      throw e;
    });
    const port = (server.address() as AddressInfo).port;
    const actualUrl = `http://localhost:${port}`;
    if (o.port === 0) {
      process.env.PUBLIC_BASE_URL = actualUrl;
      resetEnvCache();
    }

    return {
      url: actualUrl,
      server,
      admin,
      sms,
      drainStreams: async () => {
        if (!streams) throw new Error(`drainStreams: this stack was started with stream '${stream}'`);
        await streams.drain();
      },
      stop: async () => {
        lifecycle.stop();
        await streams?.stop();
        await allocationSweeps?.stop();
        await scanRetention?.stop();
        await reconciliation?.stop();
        await smsJobs?.stop();
        await new Promise((r) => server.close(r));
        server.closeAllConnections?.();
        await sms?.stop();
        await Promise.all([dynamo?.stop(), s3?.stop()]);
      },
    };
  } catch (e) {
    await Promise.all([dynamo?.stop(), s3?.stop(), sms?.stop()]).catch(() => undefined);
    throw e;
  }
}
