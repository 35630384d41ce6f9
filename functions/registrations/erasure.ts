import { UpdateCommand } from '../lib/dynamo-commands';
import { statusOf } from '@shared/allocation-status';
import type { AllocationStatus } from '@shared/allocation-status';
import { eraseFarmerRecord } from '../farmers/farmer-of-registration';
import { getFarmer, registrationsOfFarmer } from '../farmers/farmer-entity';
import type { AuditTrail } from '../lib/audit-log';
import { ERASED } from '../lib/erased';
import { eraseMobilesOf } from '../notifications/outbox-store';
import { docClient, tableName } from '../lib/aws';
import { isConditionalFailure, withRetry } from '../lib/retry';
import { CONSUMERS, purgeFailedRecordsOf } from '../lib/stream-failures';
import { regKey, type RegistrationItem } from './registration-entity';

/** How many of a farmer's registrations are read to see whether any still needs the farmer record. */
const REGISTRATIONS_CHECKED = 200;

const done = (status: AllocationStatus) => status === 'cancelled' || status === 'expired';

/**
 * Erases the personal data of an unbilled registration that is cancelled or expired (an erasure request done):
 * name, father's name, village and block, the mobile but its last 4 digits (the farmer still opens the letter's
 * own view with them to follow the request), and the encrypted Aadhaar (the claim's keyed hash stays). The
 * district, category, gender and crop stay, unnamed, for the season's counts. The farmer record goes the same
 * way when none of the farmer's registrations still needs it (none billed, none in the running). A billed
 * registration keeps its data: its bill is kept by law.
 */
export async function erasePersonalData(reg: RegistrationItem, audit: AuditTrail | null): Promise<string[]> {
  const erased: string[] = [];
  const last4 = reg.mobileNumber.replace(/\D/g, '').slice(-4);
  let after: RegistrationItem;
  try {
    const out = await withRetry(() =>
      docClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: regKey(reg.year, reg.id),
          UpdateExpression:
            'SET #name = :erased, nameLc = :erasedLc, fatherName = :erased, fatherLc = :erasedLc, village = :blank, ' +
            'villageLc = :blank, blockName = :blank, subDistrict = :blank, mobileNumber = :mobile, ' +
            'personalDataErasedOn = if_not_exists(personalDataErasedOn, :now) REMOVE aadhaarEnc',
          ConditionExpression: 'attribute_exists(pk) AND isBilled = :false AND #status IN (:cancelled, :expired)',
          ExpressionAttributeNames: { '#name': 'name', '#status': 'status' },
          ExpressionAttributeValues: {
            ':erased': ERASED,
            ':erasedLc': ERASED.toLowerCase(),
            ':blank': '',
            ':mobile': `XXXXXX${last4}`,
            ':now': new Date().toISOString(),
            ':false': false,
            ':cancelled': 'cancelled',
            ':expired': 'expired',
          },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    after = out.Attributes as RegistrationItem;
    erased.push('name, father’s name, village and mobile erased from the registration');
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
    return erased;
  }
  // Records the stream consumers set aside hold the registration as it was: they go too (erasure is final).
  const purged = await purgeFailedRecordsOf(after.pk, CONSUMERS);
  if (purged) erased.push(`${purged} held copy(ies) of the registration removed`);
  // Its SMS keep the mobile's last four digits only (docs/decisions/0041-sms-notifications.md).
  const messages = await eraseMobilesOf(after.year, after.id);
  if (messages) erased.push(`mobile erased from ${messages} SMS`);
  // The link as stored now, not as read before: a link the stream makes after this finds the registration
  // erased and undoes the farmer it made (registration-link.ts), one made before is seen here.
  if (after.farmerID) {
    const farmerOutcome = await eraseFarmerIfUnneeded(after.farmerID, audit);
    erased.push(farmerOutcome);
  }
  return erased;
}

/**
 * The farmer record erased when none of the farmer's registrations still needs it (none billed, none in the
 * running); what was done, in words. `audit` null: the stream's consumer undoing a farmer it made.
 */
export async function eraseFarmerIfUnneeded(farmerID: number, audit: AuditTrail | null): Promise<string> {
  if (!(await farmerNoLongerNeeded(farmerID))) return 'farmer record kept: another registration of the farmer still needs it';
  const farmer = await withRetry(() => getFarmer(farmerID, true));
  if (!farmer) return 'no farmer record to erase';
  if (farmer.name === ERASED && !farmer.aadhaarHash) return 'farmer record already erased';
  const erasedNow = await eraseFarmerRecord(farmer, audit);
  return erasedNow ? 'farmer record erased' : 'farmer record not erased: it changed meanwhile; resolve again to retry';
}

async function farmerNoLongerNeeded(farmerID: number): Promise<boolean> {
  const regs = await withRetry(() => registrationsOfFarmer(farmerID, REGISTRATIONS_CHECKED));
  if (regs.length >= REGISTRATIONS_CHECKED) return false;
  return regs.every((r) => r.isBilled !== true && done(statusOf(r as unknown as RegistrationItem)));
}
