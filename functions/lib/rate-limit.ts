import { BatchGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { docClient, tableName } from './aws';

/**
 * Fixed-window counters kept in DynamoDB (shared by every Lambda instance), expired by TTL.
 * Keys are hashed so that emails or other personal data are not stored as keys.
 */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

function itemKey(l: Limit, now: number) {
  const window = Math.floor(now / 1000 / l.windowSeconds);
  const hashed = createHash('sha256').update(l.key).digest('base64url').slice(0, 32);
  return { pk: `RATE#${hashed}#${window}`, sk: 'RATE' };
}

/** True when any of the limits is already used up in its current window. */
export async function isLimited(limits: readonly Limit[], now = Date.now()): Promise<boolean> {
  const keys = limits.map((l) => itemKey(l, now));
  const out = await docClient().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
  const counts = new Map((out.Responses?.[tableName()] ?? []).map((i) => [i.pk as string, Number(i.count)]));
  return limits.some((l, i) => (counts.get(keys[i].pk) ?? 0) >= l.max);
}

/** Counts one event against each limit. */
export async function countHit(limits: readonly Limit[], now = Date.now()): Promise<void> {
  await Promise.all(
    limits.map((l) =>
      docClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: itemKey(l, now),
          UpdateExpression: 'ADD #c :one SET expiresAt = if_not_exists(expiresAt, :exp)',
          ExpressionAttributeNames: { '#c': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':exp': Math.floor(now / 1000) + l.windowSeconds * 2 },
        }),
      ),
    ),
  );
}
