import { DeleteCommand, PutCommand } from './dynamo-commands';
import { docClient, tableName } from './aws';
import { log } from './log';
import { isConditionalFailure, withRetry } from './retry';

/**
 * A lease that keeps two scheduled runs of one job from doing the same work at once: taken when free or
 * lapsed, released by its owner. The work itself must still be safe to do twice.
 */
export async function takeLease(key: { pk: string; sk: string }, owner: string, ms: number): Promise<boolean> {
  const now = Date.now();
  try {
    await withRetry(() =>
      docClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, owner, until: now + ms },
          ConditionExpression: 'attribute_not_exists(pk) OR #until < :now',
          ExpressionAttributeNames: { '#until': 'until' },
          ExpressionAttributeValues: { ':now': now },
        }),
      ),
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}

export async function releaseLease(key: { pk: string; sk: string }, owner: string): Promise<void> {
  try {
    await docClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    );
  } catch (e) {
    // Lapsed and taken by another run, or not deleted: it lapses by itself.
    if (!isConditionalFailure(e)) log.warn('lease not released', { pk: key.pk, error: (e as Error).message });
  }
}
