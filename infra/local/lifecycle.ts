import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { sweepAllocation } from '@functions/allocation/sweep';
import { runReconciliation } from '@functions/reconcile/job';
import { DAY_MS, EXPORT_FILES_RULE, PENDING_UPLOADS_RULE } from '@functions/lib/upload-rules';
import { sweepOrphanScans } from '@functions/registrations/orphan-scans';
import { runRetention } from '@functions/registrations/retention';

/**
 * The uploads bucket's lifecycle rule, applied by the local stand-in (s3rver has no lifecycle rules): objects
 * under the rule's prefix older than its age are deleted. The cloud bucket gets the same rule from
 * functions/lib/upload-rules.ts (infra/constructs/data.ts). `npm start` runs it at start and every hour, with the
 * orphan-scan sweep that the cloud runs daily on a schedule (functions/registrations/orphan-scans.ts; it uses
 * the handlers' own clients, so the stand-in's environment must be set first).
 */
export interface ExpiryResult {
  examined: number;
  deleted: string[];
}

export function localS3Client(endpoint: string): S3Client {
  return new S3Client({
    region: 'ap-south-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Deletes the objects under `prefix` last modified more than `maxAgeMs` before `now`. */
export async function expireUploads(o: {
  s3: S3Client;
  bucket: string;
  prefix?: string;
  maxAgeMs?: number;
  now?: Date;
}): Promise<ExpiryResult> {
  const prefix = o.prefix ?? PENDING_UPLOADS_RULE.prefix;
  const maxAgeMs = o.maxAgeMs ?? PENDING_UPLOADS_RULE.expireAfterDays * DAY_MS;
  const cutoff = (o.now ?? new Date()).getTime() - maxAgeMs;
  const result: ExpiryResult = { examined: 0, deleted: [] };
  let token: string | undefined;
  do {
    const page = await o.s3.send(new ListObjectsV2Command({ Bucket: o.bucket, Prefix: prefix, ContinuationToken: token }));
    for (const obj of page.Contents ?? []) {
      if (!obj.Key?.startsWith(prefix)) continue;
      result.examined += 1;
      if (obj.LastModified && obj.LastModified.getTime() <= cutoff) {
        await o.s3.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: obj.Key }));
        result.deleted.push(obj.Key);
      }
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return result;
}

export const LIFECYCLE_INTERVAL_MS = 60 * 60 * 1000;

/** Runs the rule now and then every hour until stopped; failures are logged, never thrown. */
export function startUploadLifecycle(o: {
  s3Endpoint: string;
  bucket: string;
  intervalMs?: number;
  /** Also sweep orphan scans (default true; needs the handlers' environment). */
  sweepOrphans?: boolean;
}): { stop(): void; done: Promise<void> } {
  const s3 = localS3Client(o.s3Endpoint);
  const run = async () => {
    try {
      const r = await expireUploads({ s3, bucket: o.bucket });
      if (r.deleted.length) {
        console.log(
          JSON.stringify({
            level: 'info',
            msg: 'expired pending uploads',
            rule: PENDING_UPLOADS_RULE.id,
            deleted: r.deleted.length,
          }),
        );
      }
    } catch (e) {
      console.error(JSON.stringify({ level: 'warn', msg: 'pending upload expiry failed', error: (e as Error).message }));
    }
    try {
      await expireUploads({
        s3,
        bucket: o.bucket,
        prefix: EXPORT_FILES_RULE.prefix,
        maxAgeMs: EXPORT_FILES_RULE.expireAfterDays * DAY_MS,
      });
    } catch (e) {
      console.error(JSON.stringify({ level: 'warn', msg: 'export file expiry failed', error: (e as Error).message }));
    }
    if (o.sweepOrphans === false) return;
    try {
      await sweepOrphanScans();
    } catch (e) {
      console.error(JSON.stringify({ level: 'warn', msg: 'orphan scan sweep failed', error: (e as Error).message }));
    }
  };
  const done = run();
  const timer = setInterval(() => void run(), o.intervalMs ?? LIFECYCLE_INTERVAL_MS);
  timer.unref();
  return {
    done,
    stop: () => {
      clearInterval(timer);
      s3.destroy();
    },
  };
}

export const ALLOCATION_SWEEP_INTERVAL_MS = 60 * 1000;

/** A job run now and then every `intervalMs` until stopped, one run at a time, failures logged, never thrown. */
export function every(
  name: string,
  intervalMs: number,
  job: () => Promise<unknown>,
): { stop(): Promise<void>; done: Promise<void> } {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= job()
      .then(() => undefined)
      .catch((e) => console.error(JSON.stringify({ level: 'warn', msg: `${name} failed`, error: (e as Error).message })))
      .finally(() => (running = undefined));
    return running;
  };
  const done = run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    done,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The allocation sweep (functions/allocation/sweep.ts) that the cloud runs every 15 minutes: now and then every
 * minute until stopped. `stop` waits for a run in flight.
 */
export const startAllocationSweeps = (o: { intervalMs?: number } = {}) =>
  every('allocation sweep', o.intervalMs ?? ALLOCATION_SWEEP_INTERVAL_MS, () => sweepAllocation({ lease: true }));

export const SCAN_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The scan retention (functions/registrations/retention.ts) that the cloud runs daily: now and then every hour
 * until stopped. Hourly rather than daily so that a season being closed on a laptop goes on soon; a run with
 * nothing due reads one empty partition.
 */
export const startScanRetention = (o: { intervalMs?: number } = {}) =>
  every('scan retention', o.intervalMs ?? SCAN_RETENTION_INTERVAL_MS, () => runRetention({ lease: true }));

export const RECONCILE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The reconciliation of farmer links and counters (functions/reconcile/job.ts) that the cloud runs nightly: now and
 * then every 10 minutes until stopped, so that what a laptop's stream missed is put right while one works.
 */
export const startReconciliation = (o: { intervalMs?: number } = {}) =>
  every('reconciliation', o.intervalMs ?? RECONCILE_INTERVAL_MS, () => runReconciliation());
