import { GetCommand, PutCommand, UpdateCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { exportJobEntity, type ExportJobItem } from './job-entity';

/** Storage of export jobs: one item each, written once, then its progress and its end. */
export async function putJob(job: ExportJobItem): Promise<void> {
  await docClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: exportJobEntity.toItem(job),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getJob(id: string): Promise<ExportJobItem | undefined> {
  const r = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: exportJobEntity.key(id), ConsistentRead: true }),
  );
  return exportJobEntity.fromItem(r.Item);
}

type Progress = Partial<
  Pick<ExportJobItem, 'status' | 'rowsDone' | 'rowsTotal' | 'partial' | 'fileKey' | 'message' | 'finishedOn'>
>;

/** Sets the given fields of a running job; a job already done or failed is left as it is. */
export async function updateJob(id: string, change: Progress): Promise<void> {
  const entries = Object.entries(change).filter(([, v]) => v !== undefined);
  if (!entries.length) return;
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':running': 'running' };
  const sets = entries.map(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:v${i}`] = v;
    return `#a${i} = :v${i}`;
  });
  await docClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: exportJobEntity.key(id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: '#status = :running',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}
