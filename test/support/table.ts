import { ScanCommand, type ScanCommandInput } from '@functions/lib/dynamo-commands';
import type { DocClient } from '@functions/lib/dynamo-client';
import { docClient, tableName } from '@functions/lib/aws';

/**
 * Every item of the test file's table, all pages of a Scan. `input`: a filter or ConsistentRead; `client`: the
 * real client where a test has installed a faulty one.
 */
export async function scanTable<T = Record<string, any>>(
  input: Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'> = {},
  client: DocClient = docClient(),
): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as T[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
