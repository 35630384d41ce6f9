import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '../lib/dynamo-commands';
import { type AllocationStatus, statusOf } from '@shared/allocation-status';
import type { CancelReply } from '@shared/schemas/allocation';
import type { AuditTrail } from '../lib/audit-log';
import { docClient, tableName } from '../lib/aws';
import type { Caller } from '../lib/caller';
import { AppError, conflict } from '../lib/errors';
import type { FarmerSession } from '../lib/farmer-tokens';
import { log } from '../lib/log';
import { reportCounterUpdate } from '../lib/report-counters';
import { cancellationReasons, withRetry } from '../lib/retry';
import { releaseSlot } from '../allocation/appointments';
import { regKey, type RegistrationItem } from './registration-entity';
import { registrationOfSession } from './farmer-session';
import { purgePut } from './scan-purge-entity';
import { applicantKey } from '../allocation/draw-store';
import { dueKey } from '../allocation/entries';
import { outboxPut } from '../allocation/outbox';
import { releaseUpdate, withdrawUpdate, type PoolUpdate } from '../allocation/pool';
import { promote, REQUEST_PROMOTION_BUDGET_MS } from '../allocation/promotion';
import { queuePk, queueSk } from '../allocation/queue';

/**
 * Cancellation (docs/decisions/0022-allocation.md, section 6), by the farmer from the letter or by staff with
 * a reason. One transaction: the registration becomes cancelled only while it still has the status it was
 * read with and is not billed; the pool gives its grams back (confirmed) or lowers its count (waitlisted,
 * applied); its due, queue or applicant entry goes; the farmer's notice is written. Then the slot is given
 * back and the waiting list is promoted (a failure there is left to the next sweep). The audit entry is the
 * transaction's last item.
 */
export const MSG_CANCELLED = 'पंजीकरण रद्द कर दिया गया / Registration cancelled.';
const MSG_BILLED =
  'इस पंजीकरण पर बीज दिया जा चुका है, यह रद्द नहीं हो सकता / Seed was already issued for this registration; it cannot be cancelled.';
const MSG_ALREADY_CANCELLED = 'यह पंजीकरण पहले ही रद्द हो चुका है / This registration is already cancelled.';
const MSG_EXPIRED =
  'यह पंजीकरण समाप्त हो चुका है (बीज लेने के दिन निकल गए) / This registration has expired (its collection days are over).';

/** How often the registration is read again when its status changed meanwhile (e.g. it was just promoted). */
const STATUS_CHANGES_TOLERATED = 3;

export interface CancelledBy {
  /** Staff: who and why; absent when the farmer cancelled. */
  staff?: { caller: Caller; reason: string };
}

/** 409 with what makes the registration final, or undefined when it may be cancelled. */
function refusalOf(reg: RegistrationItem): AppError | undefined {
  if (reg.isBilled) return conflict(MSG_BILLED);
  const status = statusOf(reg);
  if (status === 'cancelled') return conflict(MSG_ALREADY_CANCELLED);
  if (status === 'expired') return conflict(MSG_EXPIRED);
  return undefined;
}

/**
 * The pool's part. A confirmed registration stored before allocation has no `promisedGrams`: the pool never
 * counted it, so it gives nothing back.
 */
function poolUpdateOf(reg: RegistrationItem, status: AllocationStatus): PoolUpdate | undefined {
  if (!reg.cropId) return undefined;
  if (status === 'waitlisted' || status === 'applied') return withdrawUpdate(reg.cropId, reg.year, status);
  if (status === 'confirmed' && reg.promisedGrams !== undefined)
    return releaseUpdate(reg.cropId, reg.year, reg.promisedGrams, 'cancelled');
  return undefined;
}

/** The entry beside the registration that says where it stands: due (confirmed), queue (waitlisted) or applicant. */
function entryKeyOf(reg: RegistrationItem, status: AllocationStatus) {
  if (!reg.cropId) return undefined;
  if (status === 'confirmed') return reg.appointmentDate ? dueKey(reg.appointmentDate, reg.cropId, reg.year, reg.id) : undefined;
  if (status === 'waitlisted')
    return reg.waitlistPosition ? { pk: queuePk(reg.cropId, reg.year), sk: queueSk(reg.waitlistPosition) } : undefined;
  if (status === 'applied') return applicantKey(reg.cropId, reg.year, reg.id);
  return undefined;
}

function cancelTransaction(
  reg: RegistrationItem,
  status: AllocationStatus,
  by: CancelledBy,
  stamp: { cancelledOn: string; changeToken: string },
) {
  const T = tableName();
  const staff = by.staff;
  const { cancelledOn } = stamp;
  const set = ['#status = :cancelled', 'cancelledOn = :on', 'changeToken = :token'];
  const values: Record<string, unknown> = {
    ':cancelled': 'cancelled',
    ':on': cancelledOn,
    ':token': stamp.changeToken,
    ':false': false,
  };
  if (staff) {
    set.push('cancelReason = :reason', 'cancelledBy = :by');
    values[':reason'] = staff.reason;
    values[':by'] = { id: staff.caller.userID, name: staff.caller.name };
  }
  // Stored without a status means confirmed (registrations made before allocation).
  let statusIs = '#status = :read';
  if (status === 'confirmed' && reg.status === undefined) statusIs = '(attribute_not_exists(#status) OR #status = :read)';
  values[':read'] = status;
  const pool = poolUpdateOf(reg, status);
  const entry = entryKeyOf(reg, status);
  return [
    {
      Update: {
        TableName: T,
        Key: regKey(reg.year, reg.id),
        UpdateExpression: `SET ${set.join(', ')}`,
        ConditionExpression: `${statusIs} AND (attribute_not_exists(isBilled) OR isBilled = :false)`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      },
    },
    ...(pool ? [{ Update: pool }] : []),
    ...(entry ? [{ Delete: { TableName: T, Key: entry } }] : []),
    {
      Put: outboxPut(
        {
          year: reg.year,
          id: reg.id,
          event: 'cancelled',
          mobile: reg.mobileNumber,
          values: { number: reg.id, crop: reg.cropName, ...(reg.cropNameHi ? { cropHi: reg.cropNameHi } : {}) },
        },
        cancelledOn,
      ),
    },
    ...purgePut(reg, 'cancelled', cancelledOn),
    reportCounterUpdate(reg, { cancelled: 1 }, cancelledOn),
  ];
}

async function readRegistration(year: number, id: number): Promise<RegistrationItem | undefined> {
  const out = await withRetry(() =>
    docClient().send(new GetCommand({ TableName: tableName(), Key: regKey(year, id), ConsistentRead: true })),
  );
  return out.Item as RegistrationItem | undefined;
}

/**
 * Cancels the registration as read (read again when its status changed meanwhile); 409 when it is billed,
 * expired or already cancelled, also when two cancellations race (only one of them cancels).
 */
export async function cancelRegistration(read: RegistrationItem, by: CancelledBy, audit: AuditTrail): Promise<CancelReply> {
  let reg = read;
  for (let tries = 0; ; tries++) {
    const refusal = refusalOf(reg);
    if (refusal) throw refusal;
    const status = statusOf(reg);
    const stamp = { cancelledOn: new Date().toISOString(), changeToken: randomUUID() };
    try {
      const entry = audit.put(
        { type: 'registration', id: reg.id, year: reg.year },
        {
          summary: by.staff
            ? `cancelled by staff: ${by.staff.reason}`
            : 'cancelled by the farmer (a session of the registered mobile)',
          fields: [{ field: 'status', before: status, after: 'cancelled' }],
        },
      );
      const items = [...cancelTransaction(reg, status, by, stamp), entry];
      await withRetry(() => docClient().send(new TransactWriteCommand({ TransactItems: items })), { attempts: 6, baseMs: 30 });
      await afterCancel(reg, status);
      return { success: true, message: MSG_CANCELLED, status: 'cancelled' };
    } catch (e) {
      if (cancellationReasons(e)[0]?.Code !== 'ConditionalCheckFailed') throw e;
      const now = await readRegistration(reg.year, reg.id);
      if (!now) throw e;
      if (now.status === 'cancelled' && now.changeToken === stamp.changeToken) {
        // Our own transaction, applied before its answer was lost.
        await afterCancel(reg, status);
        return { success: true, message: MSG_CANCELLED, status: 'cancelled' };
      }
      if (tries + 1 >= STATUS_CHANGES_TOLERATED) throw refusalOf(now) ?? e;
      reg = now;
    }
  }
}

/** The slot goes back (standalone, as at registration), then the freed grams go to the waiting list. */
async function afterCancel(reg: RegistrationItem, status: AllocationStatus): Promise<void> {
  log.info('registration cancelled', { id: reg.id, year: reg.year, from: status });
  if (status === 'confirmed' && reg.slotCounted && reg.appointmentDate && reg.appointmentShiftNumber) {
    await releaseSlot({
      date: reg.appointmentDate,
      shift: reg.appointmentShiftNumber,
      label: reg.appointmentShift ?? '',
      counted: true,
    });
  }
  if (!reg.cropId) return;
  try {
    await promote(reg.cropId, reg.year, { budgetMs: REQUEST_PROMOTION_BUDGET_MS });
  } catch (e) {
    log.warn('promotion after a cancellation failed (the next sweep promotes)', {
      cropId: reg.cropId,
      year: reg.year,
      error: (e as Error).message,
    });
  }
}

// ---- the farmer's cancellation, in a session of the registration's mobile ----

/**
 * The farmer cancels in a session of the mobile the registration was made with (a one-time code to it,
 * docs/decisions/0043-farmer-one-time-codes.md); another mobile's letter answers 404 like an unknown one.
 */
export async function cancelByFarmer(code: string, farmer: FarmerSession, audit: AuditTrail): Promise<CancelReply> {
  const reg = await registrationOfSession(code, farmer);
  return cancelRegistration(reg, {}, audit);
}
