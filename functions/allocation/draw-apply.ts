import { GetCommand, TransactWriteCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { log } from '../lib/log';
import { reportCounterUpdate } from '../lib/report-counters';
import { cancellationReasons, withRetry } from '../lib/retry';
import { appointmentSettings } from './appointments';
import { regKey, type RegistrationItem } from '../registrations/registration-entity';
import { applicantKey, publishedFrom, setDrawState, type StoredDraw } from './draw-store';
import { queueEntry } from './entries';
import { outboxPut } from './outbox';
import { raiseQueueTail, waitlistApplicantUpdate } from './pool';
import { confirmWithSlot } from './promotion';

/**
 * Step 4 of the draw (docs/decisions/0022-allocation.md, section 4): its fixed outcome is given to the
 * registrations. Winners, in draw order, are confirmed like a promotion (a slot, then the confirming
 * transaction from `applied`); the others are waitlisted at their rank among the losers. Every step is
 * conditional on the registration still being `applied`, so running it again (an interrupted apply, two
 * runs at once) finishes what is left and does nothing twice; a registration cancelled meanwhile is left
 * as it is.
 */

/** Waitlisting transactions sent at once (their order does not matter: each position is fixed by the draw). */
const LOSERS_AT_ONCE = 8;
/** Work begun in one request (the API function stops at 10 s); the rest is done by sending it again. */
export const APPLY_BUDGET = { ms: 6_000 };

export type ApplyOutcome =
  | { done: true; confirmed: number; waitlisted: number }
  /**
   * Stopped at the entry of draw place `at`: a winner that could not be confirmed, or the time budget spent
   * ('time'); running the draw's request again goes on from there.
   */
  | { done: false; reason: 'no-stock' | 'no-days' | 'busy' | 'time'; at: number };

export async function applyDraw(draw: StoredDraw): Promise<ApplyOutcome> {
  const { cropId, year } = draw;
  const deadline = Date.now() + APPLY_BUDGET.ms;
  // Every request gets at least one entry done, so that sending it again always goes on.
  let steps = 0;
  const spent = () => steps > 0 && Date.now() > deadline;
  if (draw.state !== 'applying') await setDrawState(cropId, year, 'applying');
  const entries = publishedFrom(draw).entries;
  const settings = await appointmentSettings();
  let confirmed = 0;
  for (const entry of entries.filter((e) => e.outcome === 'confirmed')) {
    if (spent()) return { done: false, reason: 'time', at: entry.rank };
    const reg = await readRegistration(year, entry.id);
    if (reg?.status !== 'applied') continue;
    steps++;
    const outcome = await confirmWithSlot(reg, 'applied', settings);
    if (outcome === 'confirmed') confirmed++;
    else if (outcome !== 'changed') {
      log.warn('draw apply stopped at a winner', { cropId, year, id: entry.id, rank: entry.rank, outcome });
      return { done: false, reason: outcome, at: entry.rank };
    }
  }
  const losers = entries.filter((e) => e.outcome === 'waitlisted');
  let waitlisted = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(LOSERS_AT_ONCE, losers.length) }, async () => {
      while (next < losers.length && !spent()) {
        const entry = losers[next++];
        if (await waitlistLoser(cropId, year, entry.id, entry.waitlistPosition!)) {
          waitlisted++;
          steps++;
        }
      }
    }),
  );
  if (next < losers.length) return { done: false, reason: 'time', at: losers[next].rank };
  await raiseQueueTail(cropId, year, losers.length);
  await setDrawState(cropId, year, 'applied');
  log.info('draw applied', { cropId, year, confirmed, waitlisted });
  return { done: true, confirmed, waitlisted };
}

async function readRegistration(year: number, id: number): Promise<RegistrationItem | undefined> {
  const out = await withRetry(() =>
    docClient().send(new GetCommand({ TableName: tableName(), Key: regKey(year, id), ConsistentRead: true })),
  );
  return out.Item as RegistrationItem | undefined;
}

/**
 * One transaction: the registration `SET status = waitlisted, waitlistPosition, waitlistedOn` (only while `applied`), its
 * applicant entry swapped for a queue entry at the position, the pool's applied −1 and waiting +1, the
 * farmer's notice. False when the registration is no longer applied (done before, or cancelled).
 */
async function waitlistLoser(cropId: number, year: number, id: number, position: number): Promise<boolean> {
  const reg = await readRegistration(year, id);
  if (reg?.status !== 'applied') return false;
  const T = tableName();
  // Kept on the registration as the report counter's day, so the counters can be recomputed (functions/reconcile).
  const waitlistedOn = new Date().toISOString();
  const items = [
    {
      Update: {
        TableName: T,
        Key: regKey(year, id),
        UpdateExpression: 'SET #status = :waitlisted, waitlistPosition = :position, waitlistedOn = :on',
        ConditionExpression: '#status = :applied',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':waitlisted': 'waitlisted',
          ':applied': 'applied',
          ':position': position,
          ':on': waitlistedOn,
        },
      },
    },
    { Delete: { TableName: T, Key: applicantKey(cropId, year, id) } },
    {
      Put: {
        TableName: T,
        Item: queueEntry(position, { cropId, year, id, grams: reg.promisedGrams ?? 0 }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Update: waitlistApplicantUpdate(cropId, year) },
    {
      Put: outboxPut({
        year,
        id,
        event: 'drawn',
        mobile: reg.mobileNumber,
        values: { number: id, crop: reg.cropName, ...(reg.cropNameHi ? { cropHi: reg.cropNameHi } : {}), position },
      }),
    },
    reportCounterUpdate(reg, { waitlisted: 1 }, waitlistedOn),
  ];
  try {
    await withRetry(() => docClient().send(new TransactWriteCommand({ TransactItems: items })));
    return true;
  } catch (e) {
    // Waitlisted by another run meanwhile (or by this one, its answer lost), or cancelled: nothing to do.
    if (cancellationReasons(e)[0]?.Code === 'ConditionalCheckFailed') return false;
    throw e;
  }
}
