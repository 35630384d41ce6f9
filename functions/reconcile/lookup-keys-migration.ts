import { UpdateCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { isConditionalFailure, withRetry } from '../lib/retry';
import { forEachRegistration, heldYears, mapBounded } from './reading';

/**
 * Migration of decision 0047 (docs/decisions/0047-registration-write-units.md): registrations stored before it
 * carry gsi3 keys (`REGID#<id>` / `<year>`) that nothing reads any more (the lookup by number reads each year's
 * key). Their copy in gsi3 is written again, and paid for, at every later write of the registration (a sale, a
 * promotion, a cancellation). This removes the keys, and so the copy: one UpdateItem per registration that has them
 * (`REMOVE gsi3pk, gsi3sk` on `begins_with(gsi3pk, 'REGID#')`), none for the others. Safe to run again and while
 * registrations are made; reads each held year's registrations through the list shards (as the reconciliation).
 *
 *   npm run migrate -- registration-lookup-keys
 */
export interface LookupKeysOutcome {
  years: number[];
  read: number;
  removed: number;
}

export async function dropRegistrationLookupKeys(thisYear: number): Promise<LookupKeysOutcome> {
  const { years } = await heldYears(thisYear);
  const outcome: LookupKeysOutcome = { years, read: 0, removed: 0 };
  for (const year of years) {
    await forEachRegistration(year, async (regs) => {
      outcome.read += regs.length;
      const keyed = regs.filter((r) => typeof r.gsi3pk === 'string' && r.gsi3pk.startsWith('REGID#'));
      await mapBounded(keyed, 10, async (r) => {
        try {
          await withRetry(() =>
            docClient().send(
              new UpdateCommand({
                TableName: tableName(),
                Key: { pk: r.pk, sk: r.sk },
                UpdateExpression: 'REMOVE gsi3pk, gsi3sk',
                ConditionExpression: 'begins_with(gsi3pk, :p)',
                ExpressionAttributeValues: { ':p': 'REGID#' },
              }),
            ),
          );
          outcome.removed++;
        } catch (e) {
          if (!isConditionalFailure(e)) throw e; // removed meanwhile by another run
        }
      });
    });
  }
  return outcome;
}
