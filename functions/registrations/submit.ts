import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { clampQty, QTY_CLAMP } from '@shared/crop-rules';
import {
  kolkataDate,
  MSG_ALREADY_REGISTERED,
  MSG_CLOSED,
  type RegistrationFields,
  type RegistrationReply,
} from '@shared/schemas/registration';
import { aadhaarHash, sealAadhaar } from '../lib/aadhaar-vault';
import type { AuditTrail, AuditTransactItem } from '../lib/audit-log';
import type { Caller } from '../lib/caller';
import { isStaff } from '../lib/caller-roles';
import { getSettingStrict } from '../lib/config-store';
import { nextValue, padId } from '../lib/counters';
import { AppError, conflict, forbidden } from '../lib/errors';
import { log } from '../lib/log';
import { countMetric, countRefusal } from '../lib/metrics';
import { countAttempt } from '../lib/rate-limit';
import { mobileLinkItem } from './farmer-code-store';
import { cancellationReasons, isTransient, sleep, withRetry } from '../lib/retry';
import { appointmentDateTime, appointmentSettings, bookSlot, busy, releaseSlot, type Slot } from '../allocation/appointments';
import * as repo from './repository';
import { catalogueCrop, type CatalogueCrop } from './catalogue-crop';
import { allocationMode, givePlaceBack, takePlace, type Place } from './registration-place';
import { findLetterLimits } from './find-letter';
import { tooManyAttempts } from './letter-errors';
import { type RegistrationItem, getRegistration, listPk, listShard, regKey } from './registration-entity';
import { currentNoticeVersion } from '../home/site-pages';
import { applicantEntry, dueEntry, queueEntry } from '../allocation/entries';
import { promisedGramsOf } from '../allocation/promise';
import { checkFile, lastingKey, removeQuietly, storeFile, type FileSource } from './uploads';

/**
 * Registration rules (docs/product-rules.md#registration-form-checks-and-messages) and the invariants
 * docs/invariants.md#1-day-capacity, docs/invariants.md#2-one-registration-per-aadhaar-crop-and-year and
 * docs/invariants.md#6-acknowledged-registrations-last.
 * One service function serves both the JSON submit (file uploaded with a presigned URL) and the multipart form
 * (file in the body).
 *
 * Order of work, and why:
 *  1. the claim for (Aadhaar, crop, year) is taken as a pending claim with a short lease, in one conditional
 *     write that also returns a claim already there: a finished one is returned (same request again) or
 *     refused with 409 (another submission); a pending one makes this request wait for the first, so that
 *     concurrent duplicates do not burn registration numbers and slots;
 *  2. the file is checked, the number and the slot are taken (single-item conditional updates, never inside
 *     a transaction), the checked bytes are stored at their lasting key;
 *  3. the letter code and the mobile's link are put (single items: they name the registration, which readers
 *     then read), and one transaction writes the registration and its allocation entry and finishes the claim
 *     (only while this request still holds its lease: the real guard of invariant 2); it is resent with the same client
 *     request token on transient errors; the farmer link and the dashboard's counters follow from the
 *     table's stream (registration-events.ts);
 *  4. anything taken in 2 is given back, and the pending claim removed, when 3 does not happen.
 * The pending upload is not deleted: the uploads bucket's lifecycle rule expires it.
 */
const LEASE_MS = 45_000;
const WAIT_FOR_FIRST_MS = 10_000;

const MSG_OK = 'पंजीकरण सफल / Registration successful';

/** The form switch: off (or never opened) refuses; an unreadable one asks to submit again (docs/product-rules.md#registration-switch-and-settings). */
export async function assertFormOpen(): Promise<void> {
  let open: boolean;
  try {
    open = await getSettingStrict('Is_SVS_Form_On');
  } catch (e) {
    log.error('form switch unreadable', { error: (e as Error).message, name: (e as Error).name });
    throw busy();
  }
  if (!open) throw forbidden(MSG_CLOSED);
}

export interface SubmitInput {
  fields: RegistrationFields;
  file: FileSource;
  idempotencyKey?: string;
  caller: Caller | null;
  /** The client's address, for the find-my-letter limits a repeated submission counts against. */
  sourceIp: string;
  /** The route's trail: staff registering a farmer record it (a farmer's own registration is its own record). */
  audit?: AuditTrail;
}

export interface SubmitOutcome {
  status: 200 | 201;
  reply: RegistrationReply;
}

function fingerprintOf(f: RegistrationFields, hash: string): string {
  const canon = [
    hash,
    f.name.toLowerCase(),
    f.fatherName.toLowerCase(),
    f.mobile,
    f.category,
    f.gender,
    f.village.toLowerCase(),
    f.block.toLowerCase(),
    f.district,
    f.cropId,
    f.bagsRequested,
  ];
  return createHash('sha256').update(JSON.stringify(canon)).digest('base64url');
}

/** What the registration was given: a claim made before allocation carries no status and was confirmed. */
type Standing = Pick<repo.ClaimItem, 'status' | 'waitlistPosition'>;

function replyOf(id: number, year: number, code: string, standing: Standing, existing = false): RegistrationReply {
  const status = standing.status === 'waitlisted' || standing.status === 'applied' ? standing.status : 'confirmed';
  return {
    success: true,
    message: MSG_OK,
    data: {
      id,
      year,
      uniqeCode: code,
      uniqueCode: code,
      ...(existing ? { existing: true } : {}),
      status,
      ...(status === 'waitlisted' && standing.waitlistPosition ? { waitlistPosition: standing.waitlistPosition } : {}),
    },
  };
}

/**
 * The same request again (idempotency key or identical content) gets the first answer; anything else 409 with
 * no number or date of the registration (how to find the letter instead). An identical form sent again
 * without the first request's key hands out the letter like "Find my letter" does, so it counts against the
 * same limits: otherwise anyone knowing a farmer's other details could guess the mobile number without end.
 */
async function resolveExisting(
  claim: repo.ClaimItem,
  input: Pick<SubmitInput, 'idempotencyKey' | 'sourceIp'>,
  hash: string,
  fingerprint: string,
): Promise<SubmitOutcome> {
  // A retry gets the first answer as it was: its key was made by the farmer's own browser.
  if (input.idempotencyKey !== undefined && claim.idempotencyKey === input.idempotencyKey) {
    return { status: 200, reply: replyOf(claim.id, claim.year, claim.uniqeCode, claim) };
  }
  const attempt = await countAttempt(findLetterLimits(hash, input.sourceIp));
  if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds);
  if (claim.fingerprint !== fingerprint) throw conflict(MSG_ALREADY_REGISTERED);
  await attempt.giveBack();
  // A separate identical submission is told it was made before.
  return { status: 200, reply: replyOf(claim.id, claim.year, claim.uniqeCode, claim, true) };
}

const read = <T>(fn: () => Promise<T>) => withRetry(fn, { attempts: 5 });

export const submitRegistration = (input: SubmitInput) =>
  countRefusal('registrations', 'RegistrationRejected', () => submitOnce(input));
async function submitOnce(input: SubmitInput): Promise<SubmitOutcome> {
  const { fields, idempotencyKey } = input;
  const now = new Date();
  const year = Number(kolkataDate(now).slice(0, 4));
  // The crop is the catalogue's, chosen by id: one registration per Aadhaar, crop id and year.
  const [crop, hash] = await Promise.all([catalogueCrop(fields.cropId), aadhaarHash(fields.adharNumber)]);
  const cropKey = repo.claimCropKey(crop.id);
  const fingerprint = fingerprintOf(fields, hash);

  try {
    // 1-2. the claim, taken as a pending claim with a lease in one conditional write: a finished claim is the
    // same request again (or a 409); a pending one is another request registering it now, which is waited for.
    const token = randomUUID();
    const lease = { token, idempotencyKey, fingerprint, leaseMs: LEASE_MS };
    const first = await read(() => repo.takeClaim(hash, year, cropKey, lease));
    if (!first.taken) {
      const deadline = Date.now() + WAIT_FOR_FIRST_MS;
      let seen = first.claim;
      for (;;) {
        if (repo.isComplete(seen)) return await resolveExisting(seen, input, hash, fingerprint);
        if (seen) await sleep(150 + Math.random() * 150);
        const next = await read(() => repo.takeClaim(hash, year, cropKey, lease));
        if (next.taken) break;
        // A refusal that did not carry the stored claim: read it.
        seen = next.claim ?? (await read(() => repo.getClaim(hash, year, cropKey)));
        if (!repo.isComplete(seen) && Date.now() > deadline) {
          throw conflict(
            'इस आधार और फसल का पंजीकरण अभी जारी है, कृपया एक मिनट बाद फिर से जमा करें / ' +
              'A registration for this Aadhaar number and crop is being processed. Please submit again in a minute.',
          );
        }
      }
    }
    try {
      return await registerLocked(input, { year, cropKey, crop, hash, fingerprint, token, now });
    } catch (e) {
      await releaseClaim(hash, year, cropKey, token);
      throw e;
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (isTransient(e)) {
      log.warn('registration refused: storage busy', { name: (e as Error).name });
      throw busy();
    }
    throw e;
  }
}

async function releaseClaim(hash: string, year: number, cropKey: string, token: string): Promise<void> {
  await repo
    .releaseClaim(hash, year, cropKey, token)
    .catch((e) => log.warn('pending claim not released (its lease lapses)', { error: (e as Error).message }));
}

interface Ctx {
  year: number;
  cropKey: string;
  crop: CatalogueCrop;
  hash: string;
  fingerprint: string;
  token: string;
  now: Date;
}

async function registerLocked(input: SubmitInput, c: Ctx): Promise<SubmitOutcome> {
  const { fields, caller } = input;
  const rules = c.crop.rules;
  const [file, settings, sealed, mode, noticeVersion] = await Promise.all([
    checkFile(input.file),
    appointmentSettings(),
    sealAadhaar(fields.adharNumber),
    allocationMode(),
    currentNoticeVersion(),
  ]);

  // A throttled counter update was not applied: safe to resend. A lost answer may skip a number (a gap).
  const id = await withRetry(() => nextValue(`registrations#${c.year}`));
  const storedKey = lastingKey(file, c.year, id);
  const bagsRequested = clampQty(fields.bagsAsked ?? rules?.defaultQty ?? QTY_CLAMP.min, rules);
  const unit = rules?.unit === 'bag' ? 'bag' : 'kg';
  const grams = promisedGramsOf(rules, { bagsRequested, unit, ...(rules ? {} : { quantityOffered: false }) });
  let place: Place | undefined;
  let slot: Slot | undefined;
  let committed = false;
  try {
    place = await takePlace(c.crop.id, c.year, grams, mode);
    // Independent steps run side by side: the slot (a waitlisted registration has none yet) and the copy of
    // the scan. The farmer link follows from the table's stream (registration-events.ts).
    const [booked, stored] = await Promise.allSettled([
      place.status === 'confirmed' ? bookSlot(settings, id, c.now) : undefined,
      storeFile(file, storedKey),
    ]);
    if (booked.status === 'fulfilled') slot = booked.value;
    else throw booked.reason;
    const appointment: Partial<RegistrationItem> = slot
      ? {
          appointmentDate: slot.date,
          appointmentDateTime: appointmentDateTime(slot.date),
          appointmentShift: slot.label,
          appointmentShiftNumber: slot.shift,
          slotCounted: slot.counted,
        }
      : {};
    if (stored.status === 'rejected') throw stored.reason;
    const code = randomBytes(16).toString('base64url');
    const created = new Date().toISOString();
    const staff = isStaff(caller);
    const item: RegistrationItem = {
      ...regKey(c.year, id),
      sk: 'REG',
      type: 'registration',
      id,
      year: c.year,
      name: fields.name,
      nameLc: fields.name.toLowerCase(),
      fatherName: fields.fatherName,
      fatherLc: fields.fatherName.toLowerCase(),
      aadhaarEnc: sealed.aadhaarEnc,
      aadhaarHash: c.hash,
      aadhaarLast4: sealed.aadhaarLast4,
      mobileNumber: fields.mobile,
      category: fields.category,
      gender: fields.gender,
      village: fields.village,
      villageLc: fields.village.toLowerCase(),
      block: fields.block,
      blockName: fields.blockName,
      subDistrict: fields.subDistrict,
      district: fields.district,
      districtLc: fields.district.toLowerCase(),
      cropName: c.crop.name,
      ...(c.crop.nameHi ? { cropNameHi: c.crop.nameHi } : {}),
      cropId: c.crop.id,
      cropKey: c.cropKey,
      bagsRequested,
      unit,
      ...(rules ? {} : { quantityOffered: false }),
      status: place.status,
      promisedGrams: grams,
      ...(place.status === 'waitlisted' ? { waitlistPosition: place.position } : {}),
      ...appointment,
      created,
      // The submission carried the consent (the schema refuses it otherwise): given when it was received.
      noticeVersion,
      consentAt: c.now.toISOString(),
      language: fields.language,
      adharFilePath: storedKey,
      adharFileType: file.kind.mime,
      adharFileSize: file.size,
      uniqeCode: code,
      isBilled: false,
      invoiceNumber: null,
      isAdmin: staff && fields.isAdmin,
      ...(staff ? { createdByUserId: caller!.userID } : {}),
      idempotencyKey: input.idempotencyKey,
      gsi1pk: listPk(c.year, listShard(id)),
      gsi1sk: `${created}#${padId(id)}`,
    };
    const claim: repo.ClaimItem = {
      ...repo.claimKey(c.hash, c.year, c.cropKey),
      year: c.year,
      id,
      uniqeCode: code,
      idempotencyKey: input.idempotencyKey,
      fingerprint: c.fingerprint,
      created,
      status: place.status,
      ...(place.status === 'waitlisted' ? { waitlistPosition: place.position } : {}),
    };
    const entry = { cropId: c.crop.id, year: c.year, id, grams };
    const allocationEntry =
      place.status === 'applied'
        ? applicantEntry({ ...entry, category: fields.category, gender: fields.gender })
        : slot
          ? dueEntry(slot.date, entry)
          : queueEntry(place.position!, entry);
    const staffEntry =
      staff && input.audit
        ? input.audit
            .as('registration.create-by-staff')
            .put({ type: 'registration', id, year: c.year }, { summary: `registered for ${c.crop.name} (${place.status})` })
        : undefined;
    committed = await commit(item, claim, allocationEntry, c.token, staffEntry);
    if (!committed) {
      // The claim exists: another request registered this Aadhaar and crop first.
      const winner = await read(() => repo.getClaim(c.hash, c.year, c.cropKey));
      if (repo.isComplete(winner)) return await resolveExisting(winner, input, c.hash, c.fingerprint);
      throw busy();
    }
    log.info('registration', {
      id,
      year: c.year,
      status: place.status,
      ...(slot ? { day: slot.date, shift: slot.shift } : place.position ? { position: place.position } : {}),
    });
    countMetric('registrations', 'RegistrationCreated');
    return { status: 201, reply: replyOf(id, c.year, code, claim) };
  } finally {
    if (!committed) {
      await Promise.all([
        slot ? releaseSlot(slot) : undefined,
        place ? givePlaceBack(c.crop.id, c.year, grams, place) : undefined,
        removeQuietly(storedKey),
      ]);
    }
  }
}

async function commit(
  item: RegistrationItem,
  claim: repo.ClaimItem,
  allocationEntry: Record<string, unknown>,
  token: string,
  auditEntry?: AuditTransactItem,
): Promise<boolean> {
  try {
    const link = await mobileLinkItem(item);
    await withRetry(() => repo.putRegistrationPointers(item, link), { attempts: 7, baseMs: 40, maxMs: 1000 });
    await withRetry(() => repo.commitRegistration(item, claim, allocationEntry, token, auditEntry), {
      attempts: 7,
      baseMs: 40,
      maxMs: 1000,
    });
    return true;
  } catch (e) {
    const reasons = cancellationReasons(e);
    if (reasons[repo.TX_INDEX.claim]?.Code === 'ConditionalCheckFailed') {
      // Finished by another request, or by an earlier attempt of this very transaction whose answer was lost.
      const written = await read(() => getRegistration(item.year, item.id)).catch(() => undefined);
      return written?.uniqeCode === item.uniqeCode;
    }
    if (reasons.length && reasons.every((r) => !r.Code || r.Code === 'None' || r.Code === 'ConditionalCheckFailed')) {
      // The registration or its entry already exists: only possible when an earlier attempt of this very
      // transaction was applied and its answer lost.
      const written = await read(() => getRegistration(item.year, item.id)).catch(() => undefined);
      if (written?.uniqeCode === item.uniqeCode) return true;
    }
    if (isTransient(e) || reasons.length) {
      const written = await read(() => getRegistration(item.year, item.id)).catch(() => undefined);
      if (written?.uniqeCode === item.uniqeCode) return true;
      log.warn('registration not written: storage busy', { name: (e as Error).name, reasons: reasons.map((r) => r.Code) });
      throw busy();
    }
    throw e;
  }
}
