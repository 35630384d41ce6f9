import { UpdateCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { isConditionalFailure } from '../lib/retry';

/**
 * A farmer's one-time code item, FCODE#<mobile key> / FCODE (docs/decisions/0043-farmer-one-time-codes.md): its key,
 * and the one write the SMS sender makes on it (functions/notifications/code-sender.ts). The rest of its life (the
 * code stored, counted, used) is ./farmer-code-store.ts.
 */
export const codeKey = (mobileKey: string) => ({ pk: `FCODE#${mobileKey}`, sk: 'FCODE' as const });
export const isCodePk = (pk: unknown): pk is string => typeof pk === 'string' && pk.startsWith('FCODE#');

/** The sender takes the sealed code once (the one write that finds it there with this send's id removes it). */
export async function takeSealed(pk: string, sendId: string): Promise<boolean> {
  try {
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk, sk: 'FCODE' },
        UpdateExpression: 'REMOVE sealed',
        ConditionExpression: 'attribute_exists(sealed) AND sendId = :sid',
        ExpressionAttributeValues: { ':sid': sendId },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}
