import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '../lib/dynamo-commands';
import { addDays, statusOf } from '@shared/allocation-status';
import { readConfig } from '@shared/config-keys';
import type { RetentionReply, SeasonCloseReply } from '@shared/schemas/records';
import { kolkataDate } from '@shared/schemas/registration';
import type { AuditTrail } from '../lib/audit-log';
import { docClient, tableName } from '../lib/aws';
import type { Caller } from '../lib/caller';
import { getConfigItem } from '../lib/config-store';
import { badRequest, conflict } from '../lib/errors';
import { releaseLease, takeLease } from '../lib/lease';
import { log } from '../lib/log';
import { queryAll } from '../lib/query';
import { cancellationReasons, isConditionalFailure, withRetry } from '../lib/retry';
import { regKey, type RegistrationItem } from './registration-entity';
import { deleteScan } from './scan-delete';
import { PURGE_PK, type PurgeEntry } from './scan-purge-entity';
import { listKeysAfter } from './scan-store';

/**
 * The retention job (docs/decisions/0023-records.md, section 4), daily in the cloud and on a timer in
 * `npm start`: deletes the scans whose purge day is ScanRetentionDays or more ago, then goes on with any
 * season being closed. Every step is safe twice; the lease only keeps two scheduled runs apart. Logs counts,
 * never numbers or names.
 */
export const RETENTION_LEASE_KEY = { pk: 'SWEEP#retention', sk: 'SWEEP' };
const LEASE_MS = 10 * 60 * 1000;
/** Scans deleted at once. */
const AT_ONCE = 16;

export interface RetentionOptions {
  /** YYYY-MM-DD in Asia/Kolkata; the real day unless a test moves it. */
  today?: string;
  lease?: boolean;
  budgetMs?: number;
}

export interface RetentionOutcome {
  skipped?: true;
  /** Scans deleted by this run. */
  deleted: number;
  /** Entries dropped without deleting: the scan was gone already, or the registration needs it again. */
  dropped: number;
  /** Scans deleted by the closing of seasons, per year. */
  seasons: { year: number; deleted: number; done: boolean }[];
}

async function retentionDays(): Promise<number> {
  const item = await withRetry(() => getConfigItem('ScanRetentionDays'));
  return readConfig('ScanRetentionDays', item?.value);
}

export async function runRetention(o: RetentionOptions = {}): Promise<RetentionOutcome> {
  const today = o.today ?? kolkataDate();
  const deadline = Date.now() + (o.budgetMs ?? Infinity);
  const owner = o.lease ? randomUUID() : undefined;
  if (owner && !(await takeLease(RETENTION_LEASE_KEY, owner, LEASE_MS)))
    return { skipped: true, deleted: 0, dropped: 0, seasons: [] };
  try {
    const cutoff = addDays(today, -(await retentionDays()));
    const outcome: RetentionOutcome = { deleted: 0, dropped: 0, seasons: [] };
    await purgeDue(cutoff, today, deadline, outcome);
    for (const season of await seasonsRunning()) {
      if (Date.now() >= deadline) break;
      const after = await continueSeasonClose(season.year, deadline, today);
      outcome.seasons.push({ year: season.year, deleted: after.deleted - season.deleted, done: after.status === 'done' });
    }
    if (outcome.deleted || outcome.dropped || outcome.seasons.length) log.info('scan retention', { ...outcome });
    return outcome;
  } finally {
    if (owner) await releaseLease(RETENTION_LEASE_KEY, owner);
  }
}

/** Entries of days up to `cutoff`, a page at a time; each entry is removed once handled. */
async function purgeDue(cutoff: string, today: string, deadline: number, outcome: RetentionOutcome): Promise<void> {
  for (;;) {
    if (Date.now() >= deadline) return;
    const out = await withRetry(() =>
      docClient().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND sk < :next',
          ExpressionAttributeValues: { ':pk': PURGE_PK, ':next': addDays(cutoff, 1) },
          ConsistentRead: true,
          Limit: 200,
        }),
      ),
    );
    const entries = (out.Items ?? []) as (PurgeEntry & { pk: string; sk: string })[];
    if (entries.length === 0) return;
    for (let i = 0; i < entries.length; i += AT_ONCE) {
      if (Date.now() >= deadline) return;
      const outcomes = await Promise.all(entries.slice(i, i + AT_ONCE).map((e) => purgeOne(e, today)));
      for (const r of outcomes) outcome[r]++;
    }
  }
}

/** A registration that is live again (a bill cancelled puts it back to unbilled) keeps its scan. */
function stillNeedsScan(reg: RegistrationItem): boolean {
  const status = statusOf(reg);
  return status === 'waitlisted' || status === 'applied' || (status === 'confirmed' && !reg.isBilled);
}

async function purgeOne(entry: PurgeEntry & { pk: string; sk: string }, today: string): Promise<'deleted' | 'dropped'> {
  const out = await withRetry(() =>
    docClient().send(new GetCommand({ TableName: tableName(), Key: regKey(entry.year, entry.id), ConsistentRead: true })),
  );
  const reg = out.Item as RegistrationItem | undefined;
  let deleted = false;
  if (reg && !reg.scanDeletedOn && reg.adharFilePath === entry.scanKey && !stillNeedsScan(reg)) {
    deleted = await deleteScan(entry, today);
  }
  await withRetry(() => docClient().send(new DeleteCommand({ TableName: tableName(), Key: { pk: entry.pk, sk: entry.sk } })));
  return deleted ? 'deleted' : 'dropped';
}

// ---- closing a season: every scan of the year ----

/**
 * SEASONCLOSE / <year>: the closing of a year's scans, resumable. The scans are the objects under
 * aadhaar/<year>/ in key order; `startAfter` is the last key handled, so a run that stops on its time budget
 * is continued by the next (the admin's request, then the daily job) where it stopped.
 */
const SEASON_PK = 'SEASONCLOSE';
const seasonKey = (year: number) => ({ pk: SEASON_PK, sk: String(year) });
const SCAN_KEY = /^aadhaar\/\d{4}\/(\d{10})-/;
const PAGE = 200;

interface SeasonItem {
  year: number;
  status: 'running' | 'done';
  deleted: number;
  startAfter?: string;
  startedAt: string;
  startedBy: string;
  finishedAt?: string;
}

const seasonReply = (s: SeasonItem): SeasonCloseReply => ({
  year: s.year,
  status: s.status,
  deleted: s.deleted,
  startedAt: s.startedAt,
  startedBy: s.startedBy,
  finishedAt: s.finishedAt ?? null,
});

async function readSeason(year: number): Promise<SeasonItem | undefined> {
  const out = await withRetry(() =>
    docClient().send(new GetCommand({ TableName: tableName(), Key: seasonKey(year), ConsistentRead: true })),
  );
  return out.Item as SeasonItem | undefined;
}

async function seasonsAll(): Promise<SeasonItem[]> {
  const items = await withRetry(() =>
    queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': SEASON_PK }, ConsistentRead: true }),
  );
  return (items as unknown as SeasonItem[]).sort((a, b) => b.year - a.year);
}

const seasonsRunning = async () => (await seasonsAll()).filter((s) => s.status === 'running');

const MSG_RUNNING = (s: SeasonItem) =>
  `Closing the ${s.year} season is already under way (${s.deleted} scans deleted so far); it goes on by itself.`;

/**
 * Starts closing a season (audited with the start, in one transaction), then deletes scans until the time
 * budget runs out; the daily job finishes what is left. 409 while a close of that year is under way.
 */
export async function closeSeason(
  year: number,
  caller: Caller,
  audit: AuditTrail,
  budgetMs: number,
  today = kolkataDate(),
): Promise<SeasonCloseReply> {
  if (year > Number(today.slice(0, 4))) {
    throw badRequest(`The ${year} season has not begun: only this year's or an earlier season can be closed`, {
      year: 'Not begun yet',
    });
  }
  const now = new Date().toISOString();
  const item: SeasonItem & { pk: string; sk: string; type: string } = {
    ...seasonKey(year),
    type: 'season-close',
    year,
    status: 'running',
    deleted: 0,
    startedAt: now,
    startedBy: caller.name,
  };
  try {
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: item,
              ConditionExpression: 'attribute_not_exists(pk) OR #status = :done',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':done': 'done' },
            },
          },
          audit.put({ type: 'season-close', id: year, year }, { summary: `Close the ${year} season: delete its Aadhaar scans` }),
        ],
      }),
    );
  } catch (e) {
    if (cancellationReasons(e)[0]?.Code !== 'ConditionalCheckFailed') throw e;
    const running = await readSeason(year);
    throw conflict(running ? MSG_RUNNING(running) : 'The season is being closed already.');
  }
  log.info('season close started', { year });
  return seasonReply(await continueSeasonClose(year, Date.now() + budgetMs, today));
}

/** Deletes the next scans of the year until the deadline; returns where the close stands. */
export async function continueSeasonClose(year: number, deadline: number, today = kolkataDate()): Promise<SeasonItem> {
  for (;;) {
    const season = await readSeason(year);
    if (!season || season.status === 'done' || Date.now() >= deadline) return season!;
    const page = await withRetry(() => listKeysAfter(`aadhaar/${year}/`, season.startAfter, PAGE));
    let deleted = 0;
    for (let i = 0; i < page.keys.length; i += AT_ONCE) {
      const chunk = page.keys.slice(i, i + AT_ONCE);
      const marked = await Promise.all(
        chunk.map((key) => {
          const id = Number(SCAN_KEY.exec(key)?.[1] ?? 0);
          return deleteScan({ year, id, scanKey: key }, today);
        }),
      );
      deleted += marked.filter(Boolean).length;
      if (Date.now() >= deadline && i + AT_ONCE < page.keys.length) {
        await advanceSeason(year, chunk[chunk.length - 1], deleted, false);
        return (await readSeason(year))!;
      }
    }
    const last = page.keys[page.keys.length - 1];
    await advanceSeason(year, last, deleted, !page.more);
    if (!page.more) return (await readSeason(year))!;
  }
}

/** Moves the cursor forward (never back: a run behind another keeps the other's cursor) and adds the count. */
async function advanceSeason(year: number, lastKey: string | undefined, deleted: number, finished: boolean): Promise<void> {
  const set = ['updatedAt = :now'];
  const values: Record<string, unknown> = { ':now': new Date().toISOString(), ':running': 'running', ':n': deleted };
  let cond = '#status = :running';
  if (lastKey) {
    set.push('startAfter = :key');
    values[':key'] = lastKey;
    cond += ' AND (attribute_not_exists(startAfter) OR startAfter < :key)';
  }
  if (finished) {
    set.push('#status = :done', 'finishedAt = :now');
    values[':done'] = 'done';
  }
  try {
    await withRetry(() =>
      docClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: seasonKey(year),
          UpdateExpression: `SET ${set.join(', ')} ADD deleted :n`,
          ConditionExpression: cond,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: values,
        }),
      ),
    );
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
    // Another run got further or finished: count what this one deleted all the same.
    if (deleted > 0) {
      await withRetry(() =>
        docClient().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: seasonKey(year),
            UpdateExpression: 'ADD deleted :n',
            ExpressionAttributeValues: { ':n': deleted },
          }),
        ),
      );
    }
  }
}

/** The setting, the scans waiting for their day, and every season closed or being closed. */
export async function retentionStatus(): Promise<RetentionReply> {
  const [days, waiting, seasons] = await Promise.all([retentionDays(), countWaiting(), seasonsAll()]);
  return { scanRetentionDays: days, waiting, seasons: seasons.map(seasonReply) };
}

/** The purge entries, counted page by page (a season's 50,000 entries are about 10 MB: ≈ 1,300 read units). */
async function countWaiting(): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await withRetry(() =>
      docClient().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': PURGE_PK },
          Select: 'COUNT',
          ExclusiveStartKey: start,
        }),
      ),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}
