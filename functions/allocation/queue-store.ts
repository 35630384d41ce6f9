import { QueryCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { withRetry } from '../lib/retry';
import { queuePk, queueSk, type QueueEntry } from './queue';

/** How many queue entries one read of the head takes. */
export const HEAD_SIZE = 25;

/** The first entries of the crop's waiting list, in position order (strong read). */
export async function readQueueHead(cropId: number, year: number, limit = HEAD_SIZE): Promise<QueueEntry[]> {
  const out = await withRetry(() =>
    docClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': queuePk(cropId, year) },
        ScanIndexForward: true,
        ConsistentRead: true,
        Limit: limit,
      }),
    ),
  );
  return (out.Items ?? []).map((i) => ({
    position: Number(i.position),
    year: Number(i.year),
    id: Number(i.id),
    grams: Number(i.grams),
  }));
}

/**
 * Living entries of the crop's waiting list (promoted and cancelled ones have left the partition), all of
 * them or those below a position. A COUNT reads up to 1 MB a page (≈ 17,000 entries), so long queues take a
 * few pages.
 */
export async function countQueueEntries(
  cropId: number,
  year: number,
  { below, consistent = false }: { below?: number; consistent?: boolean } = {},
): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await withRetry(() =>
      docClient().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: below === undefined ? 'pk = :pk' : 'pk = :pk AND sk < :sk',
          ExpressionAttributeValues: { ':pk': queuePk(cropId, year), ...(below === undefined ? {} : { ':sk': queueSk(below) }) },
          Select: 'COUNT',
          ConsistentRead: consistent,
          ExclusiveStartKey: start,
        }),
      ),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** Places ahead of a waiting position: the living entries below it. */
export const placesAheadOf = (cropId: number, year: number, position: number) =>
  countQueueEntries(cropId, year, { below: position });
