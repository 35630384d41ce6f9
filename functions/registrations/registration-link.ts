import { UpdateCommand } from '../lib/dynamo-commands';
import { farmerRegistrationsPk } from '../farmers/farmer-entity';
import { farmerIdByAadhaarHash, getFarmer } from '../farmers/farmer-entity';
import { openAadhaar } from '../lib/aadhaar-vault';
import { docClient, tableName } from '../lib/aws';
import { padId } from '../lib/counters';
import { log } from '../lib/log';
import { isConditionalFailure, withRetry } from '../lib/retry';
import { eraseFarmerIfUnneeded } from './erasure';
import { farmerAddress, findOrCreateFarmer } from '../farmers/farmer-of-registration';
import { getRegistration, regKey, type RegistrationItem } from './registration-entity';

/**
 * A registration linked to its farmer (docs/product-rules.md#linking-a-registration-to-a-farmer), from the
 * registration as stored now, never from a stream record's copy of it: a record delivered late, again or replayed
 * cannot bring back what an erasure removed (invariant 11, docs/invariants.md).
 *
 * - erased or gone: nothing is linked;
 * - the Aadhaar belongs to no farmer: a farmer is made from the registration and linked;
 * - it belongs to a farmer with the same mobile number: linked;
 * - it belongs to a farmer with another mobile number: not linked but marked "to confirm" (farmerLink), with the
 *   farmer it would join; staff confirm it (confirmFarmerLink). Until then nothing of that farmer is shown on
 *   the letter's own view, and nothing of the letter's holder is added to the farmer.
 *
 * The link is written only while the registration is not erased; when an erasure got there first, a farmer made
 * for this link is erased again (the erasure could not see it).
 */
export type LinkOutcome = 'linked' | 'already-linked' | 'to-confirm' | 'declined' | 'erased' | 'gone' | 'not-a-farmer';

export const TO_CONFIRM = 'to-confirm';

const lastTen = (mobile: string | undefined) => (mobile ?? '').replace(/\D/g, '').slice(-10);

export async function linkRegistration(year: number, id: number): Promise<LinkOutcome> {
  const reg = await withRetry(() => getRegistration(year, id, true));
  if (!reg) return 'gone';
  if (isErased(reg)) return 'erased';
  if (reg.farmerID) return 'already-linked';
  if (reg.farmerLink) return reg.farmerLink === TO_CONFIRM ? 'to-confirm' : 'declined';

  const existing = await withRetry(() => farmerIdByAadhaarHash(reg.aadhaarHash));
  // A claim whose farmer is not written (its maker stopped between the claim and the farmer) is completed below.
  const farmer = existing ? await withRetry(() => getFarmer(existing, true)) : undefined;
  if (existing && farmer) return joinExisting(reg, existing, farmer);
  if (!reg.aadhaarEnc) return 'not-a-farmer'; // the scan's retention removed it: no farmer can be made any more
  const made = await findOrCreateFarmer({
    aadhaarHash: reg.aadhaarHash,
    aadhaar: await openAadhaar(reg.aadhaarEnc),
    name: reg.name,
    fatherName: reg.fatherName,
    mobile: reg.mobileNumber,
    village: reg.village,
    category: reg.category,
    address: farmerAddress(reg.village, reg.block, reg.district),
    adharFilePath: reg.adharFilePath,
  });
  if (!made) {
    log.warn('registration not linked: its details do not make a farmer', { id, year });
    return 'not-a-farmer';
  }
  // Made meanwhile by another registration of the same Aadhaar: the same rule as any existing farmer.
  if (!made.created) return joinExisting(reg, made.farmerID);
  const outcome = await writeLink(reg, made.farmerID);
  if (outcome === 'erased') await eraseFarmerIfUnneeded(made.farmerID, null);
  return outcome;
}

async function joinExisting(
  reg: RegistrationItem,
  farmerID: number,
  known?: Awaited<ReturnType<typeof getFarmer>>,
): Promise<LinkOutcome> {
  const farmer = known ?? (await withRetry(() => getFarmer(farmerID, true)));
  if (farmer && lastTen(farmer.contactNumber) === lastTen(reg.mobileNumber)) return writeLink(reg, farmerID);
  return markToConfirm(reg, farmerID);
}

const isErased = (r: Pick<RegistrationItem, 'personalDataErasedOn'>) => Boolean(r.personalDataErasedOn);

const LINKABLE = 'attribute_exists(pk) AND attribute_not_exists(farmerID) AND attribute_not_exists(personalDataErasedOn)';

/** Writes the link while the registration is still unlinked and not erased. */
async function writeLink(reg: RegistrationItem, farmerID: number, o: { confirmed?: boolean } = {}): Promise<LinkOutcome> {
  try {
    await withRetry(() =>
      docClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: regKey(reg.year, reg.id),
          UpdateExpression: `SET farmerID = :f, gsi2pk = :p, gsi2sk = :s REMOVE farmerLink, proposedFarmerID`,
          ConditionExpression: o.confirmed ? `${LINKABLE} AND farmerLink = :toConfirm` : LINKABLE,
          ExpressionAttributeValues: {
            ':f': farmerID,
            ':p': farmerRegistrationsPk(farmerID),
            ':s': `${reg.year}#${padId(reg.id)}`,
            ...(o.confirmed ? { ':toConfirm': TO_CONFIRM } : {}),
          },
        }),
      ),
    );
    return 'linked';
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
    return settledMeanwhile(reg);
  }
}

async function markToConfirm(reg: RegistrationItem, farmerID: number): Promise<LinkOutcome> {
  try {
    await withRetry(() =>
      docClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: regKey(reg.year, reg.id),
          UpdateExpression: 'SET farmerLink = :toConfirm, proposedFarmerID = :f',
          ConditionExpression: LINKABLE,
          ExpressionAttributeValues: { ':toConfirm': TO_CONFIRM, ':f': farmerID },
        }),
      ),
    );
    return 'to-confirm';
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
    return settledMeanwhile(reg);
  }
}

/** Why a link's condition failed: erased, gone or linked meanwhile. */
async function settledMeanwhile(reg: RegistrationItem): Promise<LinkOutcome> {
  const now = await withRetry(() => getRegistration(reg.year, reg.id, true));
  if (!now) return 'gone';
  if (isErased(now)) return 'erased';
  return now.farmerID ? 'already-linked' : 'to-confirm';
}

/**
 * Staff confirm that a registration marked "to confirm" belongs to the farmer its Aadhaar names (or decline:
 * it then stays unlinked, the registration standing on its own). The answer says what was done.
 */
export async function confirmFarmerLink(year: number, id: number, accept: boolean): Promise<LinkOutcome> {
  const reg = await withRetry(() => getRegistration(year, id, true));
  if (!reg) return 'gone';
  if (isErased(reg)) return 'erased';
  if (reg.farmerID) return 'already-linked';
  if (reg.farmerLink !== TO_CONFIRM || !reg.proposedFarmerID) return 'not-a-farmer';
  if (accept) return writeLink(reg, reg.proposedFarmerID, { confirmed: true });
  await withRetry(() =>
    docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: regKey(year, id),
        UpdateExpression: 'SET farmerLink = :declined REMOVE proposedFarmerID',
        ConditionExpression: `${LINKABLE} AND farmerLink = :toConfirm`,
        ExpressionAttributeValues: { ':declined': 'declined', ':toConfirm': TO_CONFIRM },
      }),
    ),
  );
  return 'declined';
}
