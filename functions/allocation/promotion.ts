import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, TransactWriteCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { log } from '../lib/log';
import { reportCounterUpdate } from '../lib/report-counters';
import { cancellationReasons, isConditionalFailure, isTransient, withRetry } from '../lib/retry';
import {
  appointmentDateTime,
  appointmentSettings,
  type AppointmentSettings,
  bookSlot,
  releaseSlot,
  type Slot,
} from './appointments';
import { regKey, type RegistrationItem } from '../registrations/registration-entity';
import { applicantKey } from './draw-store';
import { dueEntry } from './entries';
import { outboxPut } from './outbox';
import { promoteUpdate, readPool } from './pool';
import { promotable, queuePk, queueSk, type QueueEntry } from './queue';
import { readQueueHead } from './queue-store';

/**
 * Promotion (docs/decisions/0022-allocation.md, section 3): while grams are free, the head of a crop's
 * waiting list is confirmed in position order. Each registration gets a slot first (a standalone counter
 * write, as at registration), then one transaction moves its grams in the pool, confirms it, swaps its
 * queue entry for a due entry and writes the farmer's notice. The registration's status condition lets each
 * one be confirmed at most once however many promotions run at once; the pool's `freeGrams >= :g` keeps
 * promised + sold within the stock.
 */

/** A bound on rounds (each reads the head again), so a stuck queue cannot keep a sweep busy. */
const MAX_ROUNDS = 200;

/** How one confirmation ended. */
export type ConfirmOutcome =
  /** Confirmed: the slot is the registration's now. */
  | 'confirmed'
  /** The pool has not the registration's grams free: nothing written. */
  | 'no-stock'
  /** The registration is no longer in the status it was read in (another promotion, a cancellation). */
  | 'changed'
  /** Storage stayed busy (conflicts, throttling): nothing written, the next sweep tries again. */
  | 'busy';

export type ConfirmFrom = 'waitlisted' | 'applied';

/** The entry a waiting or applied registration has beside it, deleted when it is confirmed. */
function waitingEntryKey(reg: RegistrationItem, from: ConfirmFrom) {
  if (from === 'applied') return applicantKey(reg.cropId!, reg.year, reg.id);
  if (!reg.waitlistPosition) throw new Error(`Registration ${reg.year}/${reg.id} is waitlisted without a position`);
  return { pk: queuePk(reg.cropId!, reg.year), sk: queueSk(reg.waitlistPosition) };
}

/** Index of each item in the confirming transaction (to read its cancellation reasons). */
const TX = { pool: 0, registration: 1, entry: 2, due: 3, outbox: 4 } as const;

/**
 * The transaction that confirms a waitlisted (promotion) or applied (draw) registration with a booked slot:
 * pool `promoteUpdate`, the registration `status = confirmed` with its appointment and `promotedOn` (only
 * while still in `from`; `promotedFrom` keeps it, for the report counters' reconciliation), its queue or applicant entry deleted, its due entry and the outbox notice put.
 * Transaction conflicts and throttling are resent with jittered backoff. The slot stays the caller's to give
 * back unless the outcome is 'confirmed'.
 */
export async function confirmRegistration(reg: RegistrationItem, from: ConfirmFrom, slot: Slot): Promise<ConfirmOutcome> {
  if (!reg.cropId) throw new Error(`Registration ${reg.year}/${reg.id} has no crop id`);
  const grams = reg.promisedGrams ?? 0;
  const promotedOn = new Date().toISOString();
  const changeToken = randomUUID();
  const T = tableName();
  const event = from === 'applied' ? 'drawn' : 'promoted';
  const appointment = {
    ':date': slot.date,
    ':dateTime': appointmentDateTime(slot.date),
    ':shift': slot.label,
    ':shiftNumber': slot.shift,
    ':counted': slot.counted,
  };
  const items = [
    { Update: promoteUpdate(reg.cropId, reg.year, grams, from) },
    {
      Update: {
        TableName: T,
        Key: regKey(reg.year, reg.id),
        UpdateExpression:
          'SET #status = :confirmed, appointmentDate = :date, appointmentDateTime = :dateTime, appointmentShift = :shift, ' +
          'appointmentShiftNumber = :shiftNumber, slotCounted = :counted, promotedOn = :on, promotedFrom = :from, changeToken = :token REMOVE waitlistPosition',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':confirmed': 'confirmed',
          ':from': from,
          ':on': promotedOn,
          ':token': changeToken,
          ...appointment,
        },
      },
    },
    { Delete: { TableName: T, Key: waitingEntryKey(reg, from), ConditionExpression: 'attribute_exists(pk)' } },
    {
      Put: {
        TableName: T,
        Item: dueEntry(slot.date, { cropId: reg.cropId, year: reg.year, id: reg.id, grams }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: outboxPut(
        {
          year: reg.year,
          id: reg.id,
          event,
          mobile: reg.mobileNumber,
          values: {
            number: reg.id,
            crop: reg.cropName,
            ...(reg.cropNameHi ? { cropHi: reg.cropNameHi } : {}),
            date: slot.date,
            shift: slot.label,
          },
        },
        promotedOn,
      ),
    },
    reportCounterUpdate(reg, { confirmed: 1 }, promotedOn),
  ];
  try {
    await withRetry(() => docClient().send(new TransactWriteCommand({ TransactItems: items })), {
      attempts: 6,
      baseMs: 30,
      maxMs: 800,
    });
    return 'confirmed';
  } catch (e) {
    const reasons = cancellationReasons(e);
    const failed = (i: number) => reasons[i]?.Code === 'ConditionalCheckFailed';
    if (failed(TX.registration) || failed(TX.entry)) {
      // A resent transaction whose first answer was lost finds its own work done: that is a success.
      if (await confirmedBy(reg, changeToken)) return 'confirmed';
      return 'changed';
    }
    if (failed(TX.pool)) return 'no-stock';
    if (isTransient(e)) {
      log.warn('promotion left to the next sweep: storage busy', { id: reg.id, year: reg.year, name: (e as Error).name });
      if (await confirmedBy(reg, changeToken).catch(() => false)) return 'confirmed';
      return 'busy';
    }
    throw e;
  }
}

/** Whether the registration was confirmed by the transaction that carried `changeToken`. */
async function confirmedBy(reg: RegistrationItem, changeToken: string): Promise<boolean> {
  const now = await readRegistration(reg.year, reg.id);
  return now?.status === 'confirmed' && now.changeToken === changeToken;
}

/**
 * Books a slot and confirms the registration with it; the slot is given back unless it was confirmed.
 * 'no-days' when no appointment day is left (nothing written).
 */
export async function confirmWithSlot(
  reg: RegistrationItem,
  from: ConfirmFrom,
  settings: AppointmentSettings,
): Promise<ConfirmOutcome | 'no-days'> {
  let slot: Slot;
  try {
    slot = await bookSlot(settings, reg.id);
  } catch (e) {
    log.warn('promotion stopped: no appointment slot', { id: reg.id, year: reg.year, error: (e as Error).message });
    return 'no-days';
  }
  let outcome: ConfirmOutcome = 'busy';
  try {
    outcome = await confirmRegistration(reg, from, slot);
    return outcome;
  } finally {
    if (outcome !== 'confirmed') await releaseSlot(slot);
  }
}

/** About a third of the API function's 10 s: what a lot write or a cancellation may spend promoting before it answers. */
export const REQUEST_PROMOTION_BUDGET_MS = 3_000;

export interface PromoteOptions {
  /** How long the run may begin new promotions (ms); the rest of the queue is left to the next run. */
  budgetMs?: number;
}

/**
 * Promotes the crop's waiting list for the year as far as its free grams allow: the head in position order,
 * stopping at the first one who does not fit (nobody is skipped), when no appointment day is left, when
 * storage stays busy, or when the time budget is spent (the next run goes on). Safe to run many times at once.
 */
export async function promote(cropId: number, year: number, o: PromoteOptions = {}): Promise<{ promoted: number }> {
  const deadline = Date.now() + (o.budgetMs ?? Infinity);
  let promoted = 0;
  let settings: AppointmentSettings | undefined;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (Date.now() >= deadline) break;
    const pool = await readPool(cropId, year);
    if (pool.freeGrams <= 0) break;
    const head = await readQueueHead(cropId, year);
    const next = promotable(pool.freeGrams, head);
    if (next.length === 0) break;
    settings ??= await appointmentSettings();
    let readAgain = false;
    for (const entry of next) {
      if (Date.now() >= deadline) return { promoted };
      const reg = await readRegistration(year, entry.id);
      if (reg?.status !== 'waitlisted' || reg.waitlistPosition !== entry.position) {
        await dropStrayEntry(cropId, year, entry, reg);
        readAgain = true;
        break;
      }
      const outcome = await confirmWithSlot(reg, 'waitlisted', settings);
      if (outcome === 'confirmed') {
        promoted++;
        log.info('registration promoted', { id: reg.id, year, cropId });
        continue;
      }
      if (outcome === 'changed') {
        readAgain = true;
        break;
      }
      // 'no-stock' (the head does not fit after all), 'no-days', 'busy': stop here.
      return { promoted };
    }
    if (!readAgain && next.length < head.length) break;
  }
  return { promoted };
}

async function readRegistration(year: number, id: number): Promise<RegistrationItem | undefined> {
  const out = await withRetry(() =>
    docClient().send(new GetCommand({ TableName: tableName(), Key: regKey(year, id), ConsistentRead: true })),
  );
  return out.Item as RegistrationItem | undefined;
}

/**
 * A queue entry whose registration is not waiting at that position cannot be promoted. Usually another
 * promotion or a cancellation has just removed it with the registration's change (the delete then finds
 * nothing); an entry still there is a leftover and is deleted, only if it still names the same registration,
 * so that it does not block the queue.
 */
async function dropStrayEntry(cropId: number, year: number, entry: QueueEntry, reg: RegistrationItem | undefined) {
  try {
    await withRetry(() =>
      docClient().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: { pk: queuePk(cropId, year), sk: queueSk(entry.position) },
          ConditionExpression: 'id = :id',
          ExpressionAttributeValues: { ':id': entry.id },
        }),
      ),
    );
    log.warn('stray queue entry removed', {
      cropId,
      year,
      position: entry.position,
      id: entry.id,
      status: reg?.status ?? 'absent',
    });
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
  }
}
