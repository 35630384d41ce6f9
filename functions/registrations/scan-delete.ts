import { UpdateCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { isConditionalFailure, withRetry } from '../lib/retry';
import { regKey } from './registration-entity';
import { deleteObject } from './scan-store';

const farmerKey = (id: number) => ({ pk: `FARMER#${id}`, sk: 'FARMER' });

/**
 * Deletes a registration's scan from the bucket and records the day on the registration. True when this call
 * recorded it: two runs at once both delete (harmless) but only one counts. The farmer record's copy of the
 * path is cleared when it names the same object.
 */
export async function deleteScan(
  s: { year: number; id: number; scanKey: string; farmerID?: number },
  day: string,
): Promise<boolean> {
  await withRetry(() => deleteObject(s.scanKey));
  let marked = true;
  try {
    await withRetry(() =>
      docClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: regKey(s.year, s.id),
          // The encrypted number goes with the scan: the claim's hash keeps the one-per-crop rule, the last 4 digits the bill.
          UpdateExpression: 'SET scanDeletedOn = :day REMOVE aadhaarEnc',
          ConditionExpression: 'attribute_exists(pk) AND adharFilePath = :key AND attribute_not_exists(scanDeletedOn)',
          ExpressionAttributeValues: { ':day': day, ':key': s.scanKey },
        }),
      ),
    );
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
    marked = false;
  }
  if (s.farmerID) {
    await withRetry(() =>
      docClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: farmerKey(s.farmerID!),
          UpdateExpression: 'SET adharFilePath = :none',
          ConditionExpression: 'adharFilePath = :key',
          ExpressionAttributeValues: { ':none': '', ':key': s.scanKey },
        }),
      ),
    ).catch((e: unknown) => {
      if (!isConditionalFailure(e)) throw e;
    });
  }
  return marked;
}
