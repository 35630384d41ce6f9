import { UpdateCommand } from './dynamo-commands';
import { docClient, tableName } from './aws';

/**
 * Atomic counters: one item per counter, incremented with a single UpdateItem (ADD), never read-then-write.
 * Used for ids where a gap after a failed write does not matter (users, roles, producers...).
 * Gapless sequences (invoice numbers) use their own transactional scheme in the sales area.
 */
export async function nextValue(counter: string, by = 1): Promise<number> {
  const out = await docClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `COUNTER#${counter}`, sk: 'COUNTER' },
      UpdateExpression: 'ADD #v :by',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':by': by },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.value);
}

/** Sort keys for numeric ids, so that string order equals number order. */
export const padId = (n: number, width = 10) => String(n).padStart(width, '0');
