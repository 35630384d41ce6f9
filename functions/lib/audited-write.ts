import { TransactWriteCommand, type TransactWriteCommandInput } from './dynamo-commands';
import { docClient } from './aws';
import { cancellationReasons } from './retry';

/**
 * A change and its audit entry in one transaction (docs/decisions/0023-records.md, section 2): the entry
 * exists exactly when the change does. The entry goes last, so the positions of the change's items (which
 * callers read in a cancelled transaction's reasons) stay what they were.
 */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export async function transactWithEntry(
  items: readonly TransactItem[],
  entry: TransactItem,
  opts: { token?: string } = {},
): Promise<void> {
  await docClient().send(
    new TransactWriteCommand({
      TransactItems: [...items, entry],
      ...(opts.token ? { ClientRequestToken: opts.token } : {}),
    }),
  );
}

/**
 * One item's write (a Put, Update or Delete) with its entry. A failed condition of the write is thrown as the
 * single write would throw it (ConditionalCheckFailedException), so the callers' handling stays as it was.
 */
export async function writeWithEntry(write: TransactItem, entry: TransactItem): Promise<void> {
  try {
    await transactWithEntry([write], entry);
  } catch (e) {
    if (cancellationReasons(e)[0]?.Code === 'ConditionalCheckFailed') {
      throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    }
    throw e;
  }
}
