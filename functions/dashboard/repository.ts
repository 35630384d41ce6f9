import { QueryCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { ALL_LOTS_PK } from '../lots/lot-entity';

/**
 * Reads of the dashboard that are not stat counters (docs/data-model.md, "Dashboard statistics"): the
 * creation times of the catalogue's crops and producers, from their "every item" index partitions
 * (gsi1 CROPS and gsi1 PRODUCERS, written by the crops and producers areas). Catalogues are small (tens to a
 * few thousand items); only the createdOn attribute is returned, and the read stops at CATALOGUE_READ_CAP.
 */
export const CATALOGUE_READ_CAP = 10_000;

export async function creationTimes(gsi1pk: 'CROPS' | 'PRODUCERS'): Promise<{ times: string[]; truncated: boolean }> {
  const times: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await docClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': gsi1pk },
        ProjectionExpression: 'createdOn',
        ExclusiveStartKey: start,
        Limit: Math.min(1000, CATALOGUE_READ_CAP - times.length),
      }),
    );
    for (const i of out.Items ?? []) if (typeof i.createdOn === 'string') times.push(i.createdOn);
    start = out.LastEvaluatedKey;
  } while (start && times.length < CATALOGUE_READ_CAP);
  return { times, truncated: Boolean(start) };
}

/** Whether any lot was ever added (one key of the "every lot" index partition, gsi1 LOTS). */
export async function anyLot(): Promise<boolean> {
  const out = await docClient().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': ALL_LOTS_PK },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return (out.Items ?? []).length > 0;
}
