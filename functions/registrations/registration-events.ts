import { TransactWriteCommand, UpdateCommand } from '../lib/dynamo-commands';
import { farmerRegistrationsPk } from '../farmers/farmer-entity';
import { openAadhaar } from '../lib/aadhaar-vault';
import { docClient, tableName } from '../lib/aws';
import { padId } from '../lib/counters';
import { log } from '../lib/log';
import { cancellationReasons, isConditionalFailure, withRetry } from '../lib/retry';
import { kolkataDay, statUpdates } from '../lib/stats';
import { farmerAddress, findOrCreateFarmer } from './farmer-link';
import type { RegistrationItem } from './repository';

/**
 * What follows a new registration, off the submit's path (docs/decisions/0036-lean-registration-write.md):
 * the farmer link and the dashboard's registration counters. Fed by the table's stream: in the cloud a Lambda
 * with an event source mapping (functions/registrations/stream-handler.ts), locally the stand-in's poller
 * (infra/local/streams.ts), the same code.
 *
 * Delivery is at least once: a batch may come again, whole, after a failure or a crash. So
 *  - the link is find-or-create by Aadhaar (the farmer's Aadhaar claim lets one creation through) and the
 *    registration is updated only while it has no farmer;
 *  - the counters of a batch are added in one transaction with a marker item named by the batch's first and
 *    last sequence numbers: the batch delivered again finds its marker and adds nothing.
 * The links run first and the counters last, so a batch whose counters were added has nothing left to do.
 */
export interface TableChange {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE' | string;
  sequenceNumber: string;
  /** The item after the change, unmarshalled (absent for REMOVE). */
  newImage?: Record<string, unknown>;
}

const LINKS_AT_ONCE = 10;
/** Markers outlive any redelivery: a stream keeps records 24 hours. */
const MARKER_TTL_SECONDS = 3 * 24 * 3600;

export const isNewRegistration = (c: TableChange): boolean =>
  c.eventName === 'INSERT' && c.newImage?.sk === 'REG' && c.newImage?.type === 'registration';

/** The batch's name: its source (stream shard) and first and last sequence numbers. */
export function batchId(source: string, changes: readonly TableChange[]): string {
  return `${source}#${changes[0]?.sequenceNumber ?? ''}#${changes.at(-1)?.sequenceNumber ?? ''}`;
}

/** A write a caller adds to the counters' transaction (the local poller's checkpoint, so that both land together). */
export type ExtraWrite = { Put: { TableName: string; Item: Record<string, unknown> } };

export async function applyTableChanges(
  source: string,
  changes: readonly TableChange[],
  o: { alongside?: ExtraWrite } = {},
): Promise<{ registrations: number }> {
  const regs = changes.filter(isNewRegistration).map((c) => c.newImage as unknown as RegistrationItem);
  if (!regs.length) return { registrations: 0 };
  for (let i = 0; i < regs.length; i += LINKS_AT_ONCE) await Promise.all(regs.slice(i, i + LINKS_AT_ONCE).map(linkRegistration));
  await countRegistrations(batchId(source, changes), regs, o.alongside);
  return { registrations: regs.length };
}

/** Links one registration to its farmer (found or created), unless it is linked already or gone. */
async function linkRegistration(r: RegistrationItem): Promise<void> {
  if (r.farmerID || !r.aadhaarEnc) return;
  const farmerID = await findOrCreateFarmer({
    aadhaarHash: r.aadhaarHash,
    aadhaar: await openAadhaar(r.aadhaarEnc),
    name: r.name,
    fatherName: r.fatherName,
    mobile: r.mobileNumber,
    village: r.village,
    category: r.category,
    address: farmerAddress(r.village, r.block, r.district),
    adharFilePath: r.adharFilePath,
  });
  if (!farmerID) {
    log.warn('registration not linked: its details do not make a farmer', { id: r.id, year: r.year });
    return;
  }
  try {
    await withRetry(() =>
      docClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: r.pk, sk: r.sk },
          UpdateExpression: 'SET farmerID = :f, gsi2pk = :p, gsi2sk = :s',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(farmerID)',
          ExpressionAttributeValues: { ':f': farmerID, ':p': farmerRegistrationsPk(farmerID), ':s': `${r.year}#${padId(r.id)}` },
        }),
      ),
    );
  } catch (e) {
    // Linked already (a batch delivered again) or erased meanwhile: nothing to do.
    if (!isConditionalFailure(e)) throw e;
  }
}

/** Adds the batch's registrations to the dashboard counters of their days, once per batch. */
async function countRegistrations(id: string, regs: readonly RegistrationItem[], alongside?: ExtraWrite): Promise<void> {
  const perDay = new Map<string, { count: number; at: Date }>();
  for (const r of regs) {
    const at = new Date(r.created);
    const day = perDay.get(kolkataDay(at)) ?? { count: 0, at };
    perDay.set(kolkataDay(at), { count: day.count + 1, at });
  }
  const [, runningTotal] = statUpdates('registrations', { count: regs.length });
  const updates = [
    ...[...perDay.values()].map((d) => statUpdates('registrations', { count: d.count }, { at: d.at })[0]),
    runningTotal,
  ];
  try {
    await withRetry(() =>
      docClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: {
                  pk: `STREAMBATCH#${id}`,
                  sk: 'STREAMBATCH',
                  expiresAt: Math.floor(Date.now() / 1000) + MARKER_TTL_SECONDS,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            ...updates.map((u) => ({ Update: u })),
            ...(alongside ? [alongside] : []),
          ],
        }),
      ),
    );
  } catch (e) {
    if (cancellationReasons(e)[0]?.Code === 'ConditionalCheckFailed') return; // counted when first delivered
    throw e;
  }
}
