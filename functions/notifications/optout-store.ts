import { GetCommand, PutCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { withRetry } from '../lib/retry';

/**
 * The opt-out list: `OPTOUT#<mobile>` / `OPTOUT`. A mobile on it gets no message but its bills (a bill is the
 * record of a sale the farmer may need). Written by an admin or by the farmer from the letter page.
 */
const optOutKey = (mobile: string) => ({ pk: `OPTOUT#${mobile}`, sk: 'OPTOUT' });

export async function isOptedOut(mobile: string): Promise<boolean> {
  const out = await withRetry(() =>
    docClient().send(new GetCommand({ TableName: tableName(), Key: optOutKey(mobile), ConsistentRead: true })),
  );
  return Boolean(out.Item);
}

export async function optOut(mobile: string, by: 'farmer' | 'admin'): Promise<void> {
  await withRetry(() =>
    docClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...optOutKey(mobile), type: 'sms-opt-out', mobile, by, at: new Date().toISOString() },
      }),
    ),
  );
}
