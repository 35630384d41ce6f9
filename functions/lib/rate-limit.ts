import { UpdateCommand } from './dynamo-commands';
import { createHash } from 'node:crypto';
import { docClient, tableName } from './aws';
import { isConditionalFailure } from './retry';

/**
 * Fixed-window attempt counters kept in DynamoDB (shared by every Lambda instance), expired by TTL.
 * Keys are hashed so that emails, addresses or other personal data are not stored as keys.
 *
 * An attempt is counted before it is checked, by a conditional write that fails once the window is used
 * up, so a burst sent at once gets at most `max` checks however it is timed. A counter therefore holds
 * the attempts checked or in flight; an attempt that turns out right (or was never checked) gives its
 * count back, so what stays counted is the failures.
 */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export type Attempt =
  | {
      allowed: true /** Gives the counted attempt back to every limit (it succeeded or was never checked). */;
      giveBack: () => Promise<void>;
    }
  | { allowed: false /** Seconds until the window that refused it ends. */; retryAfterSeconds: number };

function itemKey(l: Limit, now: number) {
  const window = Math.floor(now / 1000 / l.windowSeconds);
  const hashed = createHash('sha256').update(l.key).digest('base64url').slice(0, 32);
  return { pk: `RATE#${hashed}#${window}`, sk: 'RATE' };
}

function secondsLeft(l: Limit, now: number): number {
  const windowMs = l.windowSeconds * 1000;
  return Math.ceil((windowMs - (now % windowMs)) / 1000);
}

/** Counts one against the limit unless it is used up; false when refused. */
async function take(l: Limit, now: number): Promise<boolean> {
  try {
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(l, now),
        UpdateExpression: 'ADD #c :one SET expiresAt = if_not_exists(expiresAt, :exp)',
        ConditionExpression: 'attribute_not_exists(#c) OR #c < :max',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':max': l.max, ':exp': Math.floor(now / 1000) + l.windowSeconds * 2 },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}

/** Gives one back to the counter of the window the attempt was counted in (never below zero). */
async function giveBack(l: Limit, countedAt: number): Promise<void> {
  try {
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(l, countedAt),
        UpdateExpression: 'ADD #c :minus',
        ConditionExpression: '#c > :zero',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
  }
}

/**
 * Counts one attempt against every limit before it is checked. Refused when any limit is used up in its
 * current window; a refused attempt takes nothing from the other limits.
 */
export async function countAttempt(limits: readonly Limit[], now = Date.now()): Promise<Attempt> {
  const taken = await Promise.all(limits.map((l) => take(l, now)));
  const giveBackTaken = () => Promise.all(limits.filter((_, i) => taken[i]).map((l) => giveBack(l, now))).then(() => undefined);
  if (taken.every(Boolean)) {
    let given = false;
    return {
      allowed: true,
      giveBack: async () => {
        if (given) return;
        given = true;
        await giveBackTaken();
      },
    };
  }
  await giveBackTaken();
  return { allowed: false, retryAfterSeconds: Math.max(...limits.filter((_, i) => !taken[i]).map((l) => secondsLeft(l, now))) };
}

/** Whole minutes until a refused attempt may be tried again (at least 1), as a message tells the person. */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** "1 minute" / "N minutes". */
export const minutesText = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;
