import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ListTablesCommand, ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

/**
 * The whole-run privacy sweep: an Aadhaar number in clear must never reach a stored item, a log line or a URL
 * the browser requests. Log lines are checked as vitest receives them (vitest.config.ts onConsoleLog), URLs as
 * the browser sends them (test/support/browser.ts), and every table on the shared DynamoDB Local after the run
 * (test/setup/global-setup.ts). Findings from the first two are appended to one file that the teardown reads.
 */

/**
 * Twelve digits as people write an Aadhaar number (first digit 2-9, optionally grouped 4-4-4 by spaces or
 * hyphens, the same between both pairs), not part of a longer number, also with letters after them
 * (/AppointmentList/2345...abcdef). Runs right after a letter or a hyphen are left out (the tails of UUIDs and
 * hashes), and so are those after a plus (a mobile number with its country code).
 */
const AADHAAR_LIKE = /(?<![\dA-Za-z+-])[2-9]\d{3}([ -]?)\d{4}\1\d{4}(?!\d)/g;

export function aadhaarLikeRuns(text: string): string[] {
  return [...text.matchAll(AADHAAR_LIKE)].map((m) => m[0]);
}

/** One findings file per run (set by the global setup, inherited by the workers), so runs side by side don't mix. */
const leakFile = () => process.env.AADHAAR_LEAK_FILE ?? join(process.cwd(), 'test-results', 'aadhaar-leaks.txt');

export function resetLeakFile(): string {
  process.env.AADHAAR_LEAK_FILE = join(process.cwd(), 'test-results', `aadhaar-leaks-${process.pid}.txt`);
  mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
  rmSync(leakFile(), { force: true });
  return leakFile();
}

/** Records where an Aadhaar-like number was seen (only its last 4 digits, so the file itself leaks nothing). */
export function recordLeaks(where: string, text: string): void {
  const runs = aadhaarLikeRuns(text);
  if (runs.length === 0) return;
  mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
  const masked = runs.map((r) => `XXXX-XXXX-${r.replace(/\D/g, '').slice(-4)}`).join(', ');
  const first = text.search(AADHAAR_LIKE);
  const context = text.slice(Math.max(0, first - 150), first + 150).replace(AADHAAR_LIKE, '[12 digits]');
  appendFileSync(leakFile(), `${where}: ${masked} in …${context}…\n`);
}

export function recordedLeaks(): string[] {
  try {
    return readFileSync(leakFile(), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * A stored item as text for the sweep, without its UPI references (docs/product-rules.md#an-online-payment-carries-its-upi-reference):
 * a UPI reference is 12 digits by its nature, kept only under the name `upiRef` (a bill's, and an online bill's
 * on its seller's day) after its own check (digits only); anything else shaped like an Aadhaar number is still found.
 */
export const sweptText = (item: unknown) =>
  JSON.stringify(item, (key, value) =>
    key === 'upiRef' && typeof value === 'string' && /^\d{4,12}$/.test(value) ? undefined : value,
  );

/** Scans every table on the emulator and records each item holding an Aadhaar-like number. */
export async function sweepTables(client: DynamoDBClient): Promise<number> {
  let tables = 0;
  let start: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const table of page.TableNames ?? []) {
      tables += 1;
      let key: Record<string, never> | undefined;
      do {
        const out = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: key }));
        for (const item of out.Items ?? []) {
          const plain = unmarshall(item);
          recordLeaks(`table ${table} item ${String(plain.pk)} / ${String(plain.sk)}`, sweptText(plain));
        }
        key = out.LastEvaluatedKey as Record<string, never> | undefined;
      } while (key);
    }
    start = page.LastEvaluatedTableName;
  } while (start);
  return tables;
}
