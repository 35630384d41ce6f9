import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { compareTables, itemsToPutBack, putMissing } from './restore/compare-tables';

/**
 * Compares a table restored from point-in-time recovery with the live table and, when asked, puts back what the
 * live table lost (docs/deployment.md, "Restoring from point-in-time recovery"):
 *
 *   AWS_REGION=ap-south-1 npx tsx infra/restore-cli.ts --restored <restored table> --live <TableName>
 *       [--family REG --family FARMER ...] [--report diff.json] [--put-missing]
 *
 * Without --put-missing it only reports. Live items are never overwritten. DYNAMODB_ENDPOINT points it at
 * DynamoDB Local.
 */
const USAGE =
  'Usage: npx tsx infra/restore-cli.ts --restored <table> --live <table> [--family <PREFIX>]... [--report <file.json>] [--put-missing]';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        restored: { type: 'string' },
        live: { type: 'string' },
        family: { type: 'string', multiple: true },
        report: { type: 'string' },
        'put-missing': { type: 'boolean', default: false },
      },
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!args.restored || !args.live || args.restored === args.live) {
    console.error(USAGE);
    return 2;
  }
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: process.env.AWS_REGION ?? 'ap-south-1',
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    }),
  );
  const families = args.family ?? [];
  const differences = await compareTables(client, { restoredTable: args.restored, liveTable: args.live, families });
  console.log('family            same  only restored  differing  only live');
  for (const [family, d] of [...differences.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    console.log(
      `${family.padEnd(16)} ${String(d.same).padStart(5)}  ${String(d.onlyInRestored.length).padStart(13)}  ${String(d.differing.length).padStart(9)}  ${String(d.onlyInLive).padStart(9)}`,
    );
  }
  if (args.report) {
    writeFileSync(args.report, JSON.stringify(Object.fromEntries(differences), null, 1));
    console.log(`Every difference, item by item: ${args.report}`);
  }
  if (!args['put-missing']) {
    console.log('Nothing written (add --put-missing to put back the items only the restored table has).');
    return 0;
  }
  const items = itemsToPutBack(differences, families);
  const { put, taken } = await putMissing(client, args.live, items);
  console.log(`Put back ${put} items into ${args.live}; ${taken.length} keys were taken in the meantime and kept as they are.`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const e = err as { name?: string; message?: string };
    console.error(`Comparing the tables failed: ${e?.name ?? 'Error'}: ${e?.message ?? String(err)}`);
    process.exitCode = 1;
  },
);
