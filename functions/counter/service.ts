import { statusOf } from '@shared/allocation-status';
import type { CheckinInput, CheckinRefusal, CheckinReply, QueueReply, ServeInput, ServeReply } from '@shared/schemas/counter';
import type { AuditTrail } from '../lib/audit-log';
import type { Caller } from '../lib/caller';
import { getSetting, getSettings } from '../lib/config-store';
import { AppError, conflict } from '../lib/errors';
import { log } from '../lib/log';
import { cancellationReasons, isTransient, sleep } from '../lib/retry';
import { takeTurns } from '../lib/in-process-turns';
import {
  batchGetRegistrations,
  getRegistration,
  getRegistrationByCode,
  registrationsWithId,
  type RegistrationItem,
} from '../registrations/registration-entity';
import * as repo from './repository';
import { counterNow, todayInIndia } from './counter-clock';
import { DAY_CAP, regRef, rowOf } from './today-list';

/**
 * The counter's day (docs/decisions/0025-counter-day.md): today's list, the check-in that gives the day's next
 * token, the counter serving a token, and the public queue. Invariant kept here: tokens of a day run 1, 2, 3…
 * with no gap and no repeat, one per registration (docs/invariants.md#16-one-token-per-farmer-per-day-with-no-gap).
 */

/** Time a check-in may spend retrying for its token (the function times out at 10 s), and at most how often. */
export const checkinRetryLimits = { deadlineMs: 8_000, maxAttempts: 400 };

// ---- check-in ----

const REFUSALS: Record<CheckinRefusal, { status: 'CONFLICT' | 'NOT_FOUND'; text: string }> = {
  'not-found': {
    status: 'NOT_FOUND',
    text: 'यह पंजीकरण नहीं मिला / No registration matches this letter or number',
  },
  expired: {
    status: 'CONFLICT',
    text: 'यह पंजीकरण समाप्त हो चुका है (अंतिम दिन तक बीज नहीं लिया गया) / This registration expired (the seed was not collected by its last day)',
  },
  cancelled: { status: 'CONFLICT', text: 'यह पंजीकरण रद्द हो चुका है / This registration was cancelled' },
  billed: { status: 'CONFLICT', text: 'इस पंजीकरण का बिल पहले ही बन चुका है / This registration is already billed' },
  waitlisted: {
    status: 'CONFLICT',
    text: 'यह पंजीकरण प्रतीक्षा सूची में है: इसे अभी बीज का वादा नहीं है / This registration is on the waiting list: no seed is promised to it yet',
  },
  applied: {
    status: 'CONFLICT',
    text: 'यह पंजीकरण ड्रॉ की प्रतीक्षा में है: इसे अभी बीज का वादा नहीं है / This registration is waiting for the draw: no seed is promised to it yet',
  },
  'other-day': {
    status: 'CONFLICT',
    text: 'इस पत्र की तारीख आज की नहीं है / This letter is for another day',
  },
  'no-appointment': {
    status: 'CONFLICT',
    text: 'इस पंजीकरण की कोई मुलाकात तारीख नहीं है / This registration has no appointment day',
  },
};

/**
 * A refusal with its reason as the body's code. `details` (the bill's number, the letter's day) go in the
 * body's `fields` too, so the screen words the refusal in its own language with them.
 */
export function refusal(reason: CheckinRefusal, details?: Record<string, string>): AppError {
  const r = REFUSALS[reason];
  const told = details ? ` (${Object.values(details).join(', ')})` : '';
  return new AppError(r.status, `${r.text}${told}`, { reason, ...(details ? { fields: details } : {}) });
}

async function findRegistration(input: CheckinInput, day: string): Promise<RegistrationItem | undefined> {
  if ('code' in input) return getRegistrationByCode(input.code);
  if (input.year) return getRegistration(input.year, input.registrationId);
  const found = await registrationsWithId(input.registrationId);
  // The lookup reads eventually consistently: read the registration itself for its current state.
  const pick = found.find((r) => r.appointmentDate === day) ?? found[0];
  return pick ? getRegistration(pick.year, pick.id) : undefined;
}

const billedRefusal = (r: RegistrationItem) =>
  refusal('billed', r.invoiceNumber ? { invoiceNumber: r.invoiceNumber } : undefined);

/** Why a registration may not be checked in on `day`, or whether it is another day's (with AcceptOtherDays). */
async function admission(r: RegistrationItem, day: string): Promise<{ otherDay: boolean }> {
  if (r.isBilled) throw billedRefusal(r);
  const status = statusOf(r);
  if (status !== 'confirmed') throw refusal(status);
  if (r.appointmentDate === day) return { otherDay: false };
  if (!(await getSetting('AcceptOtherDays'))) {
    throw r.appointmentDate ? refusal('other-day', { appointmentDate: r.appointmentDate }) : refusal('no-appointment');
  }
  return { otherDay: true };
}

function checkinReply(
  c: repo.CheckinItem,
  r: RegistrationItem,
  day: string,
  labels: readonly string[],
  isNew: boolean,
): CheckinReply {
  return { token: c.token, arrivedAt: c.arrivedAt, newCheckin: isNew, registration: rowOf(r, c, day, day, labels) };
}

/** One try for a token: committed, the registration checked in by another request, or the token taken. */
type Attempt = { kind: 'done'; item: repo.CheckinItem } | { kind: 'taken' } | { kind: 'again' };

/**
 * Checks the letter's farmer in and gives the day's next token. A registration checked in before gets its
 * token again. The token counter's compare-and-set decides who gets which number; a lost race is tried again
 * with the next one (jittered backoff, up to a deadline), and a lost race for the same registration answers
 * with the check-in that won.
 */
export async function checkIn(input: CheckinInput, caller: Caller, audit: AuditTrail): Promise<CheckinReply> {
  const day = todayInIndia();
  const r = await findRegistration(input, day);
  if (!r) throw refusal('not-found');
  const { otherDay } = await admission(r, day);
  const { ShiftLabels: labels } = await getSettings(['ShiftLabels']);
  const before = await repo.getCheckin(day, r.year, r.id);
  if (before) return checkinReply(before, r, day, labels, false);

  const started = Date.now();
  for (let attempt = 0; attempt < checkinRetryLimits.maxAttempts; attempt++) {
    if (attempt > 0) {
      if (Date.now() - started > checkinRetryLimits.deadlineMs) break;
      await sleep(Math.random() * Math.min(250, 8 * 2 ** Math.min(attempt, 6)) + 2);
    }
    const outcome = await takeTurns(`TOKEN#${day}`, async (): Promise<Attempt> => {
      const seen = await repo.lastToken(day);
      const item: repo.CheckinItem = {
        ...repo.checkinKey(day, r.year, r.id),
        type: 'checkin',
        day,
        token: seen + 1,
        arrivedAt: counterNow().toISOString(),
        year: r.year,
        registrationId: r.id,
        cropId: r.cropId ?? null,
        ...(otherDay ? { otherDay: true } : {}),
        checkedInByUserId: caller.userID,
      };
      const entry = audit.put(
        { type: 'registration', id: r.id, year: r.year },
        { summary: `token ${item.token} on ${day}${otherDay ? ` (appointment ${r.appointmentDate ?? 'none'})` : ''}` },
      );
      try {
        await repo.commitCheckin(item, seen, entry);
        return { kind: 'done', item };
      } catch (e) {
        const reasons = cancellationReasons(e);
        if (reasons[repo.CHECKIN_TX.checkin]?.Code === 'ConditionalCheckFailed') return { kind: 'taken' };
        if (reasons[repo.CHECKIN_TX.token]?.Code === 'ConditionalCheckFailed' || isTransient(e)) return { kind: 'again' };
        throw e;
      }
    });
    if (outcome.kind === 'done') {
      log.info('checkin', { day, token: outcome.item.token, registrationID: r.id, year: r.year, attempts: attempt + 1 });
      return checkinReply(outcome.item, r, day, labels, true);
    }
    if (outcome.kind === 'taken') {
      const won = await repo.getCheckin(day, r.year, r.id);
      if (won) return checkinReply(won, r, day, labels, false);
    }
  }
  throw new AppError('UNAVAILABLE', 'The counter is busy right now. The farmer was not checked in; please scan again.');
}

// ---- serving and the queue ----

/** Tries of a serve whose check-in changed counter under it (other counters called the same token at once). */
const SERVE_TRIES = 30;

/**
 * The counter starts serving a checked-in, unbilled farmer's token. A token is at one counter at a time: called
 * at another counter it moves there (that counter's line is removed when it still shows this token). The
 * check-in's counter is compare-and-set, so two counters calling one token at once end with one of them.
 */
export async function serve(input: ServeInput, audit: AuditTrail): Promise<ServeReply> {
  const day = todayInIndia();
  const r = await getRegistration(input.year, input.registrationId);
  if (r?.isBilled) throw billedRefusal(r);
  for (let attempt = 0; attempt < SERVE_TRIES; attempt++) {
    if (attempt > 0) await sleep(Math.random() * 20 * Math.min(attempt, 5) + 2);
    const checkin = await repo.getCheckin(day, input.year, input.registrationId);
    if (!checkin) {
      throw conflict('यह किसान आज चेक-इन नहीं हुआ है / This farmer has not checked in today', undefined, {
        reason: 'not-checked-in',
      });
    }
    const before = checkin.counter && checkin.counter !== input.counter ? await repo.getServing(day, checkin.counter) : undefined;
    const leaves = before && before.year === input.year && before.registrationId === input.registrationId ? before : undefined;
    const serving: repo.ServingItem = {
      ...repo.servingKey(day, input.counter),
      type: 'serving',
      counter: input.counter,
      token: checkin.token,
      since: counterNow().toISOString(),
      year: input.year,
      registrationId: input.registrationId,
    };
    const entry = audit.put(
      { type: 'registration', id: input.registrationId, year: input.year },
      {
        summary: `token ${checkin.token} served at ${input.counter}${leaves ? ` (moved from ${leaves.counter})` : ''}`,
      },
    );
    try {
      await repo.commitServe(serving, day, entry, { counterSeen: checkin.counter, leaves });
      return { counter: serving.counter, token: serving.token, since: serving.since };
    } catch (e) {
      if (cancellationReasons(e).some((c) => c?.Code === 'ConditionalCheckFailed') || isTransient(e)) continue;
      throw e;
    }
  }
  throw new AppError('UNAVAILABLE', 'The token is being called at another counter right now; please try again.');
}

/** How many waiting tokens the queue display shows. */
export const QUEUE_NEXT = 10;

/** Which of these registrations are billed, as `regRef`s. */
async function billedOf(keys: { year: number; id: number }[]): Promise<Set<string>> {
  const regs = await batchGetRegistrations(keys);
  return new Set(regs.filter((r) => r.isBilled).map((r) => regRef(r.year, r.id)));
}

/** The first QUEUE_NEXT tokens of those waiting (in token order) that are not billed. */
async function nextTokens(waiting: repo.CheckinItem[]): Promise<number[]> {
  const next: number[] = [];
  for (let i = 0; i < waiting.length && next.length < QUEUE_NEXT; i += QUEUE_NEXT * 2) {
    const slice = waiting.slice(i, i + QUEUE_NEXT * 2);
    const billed = await billedOf(slice.map((c) => ({ year: c.year, id: c.registrationId })));
    for (const c of slice) if (!billed.has(regRef(c.year, c.registrationId)) && next.length < QUEUE_NEXT) next.push(c.token);
  }
  return next;
}

/** Now serving per counter and the next waiting tokens: tokens and counter names only. */
export async function queue(): Promise<QueueReply> {
  const day = todayInIndia();
  const [servingItems, checkins] = await Promise.all([
    repo.partition<repo.ServingItem>(repo.servingPk(day), 200),
    repo.partition<repo.CheckinItem>(repo.checkinPk(day), DAY_CAP),
  ]);
  // Waiting: every check-in not at a counter now and not billed. A token called and left unbilled when its
  // counter moved on (a refused sale, a cancelled bill) is back among the next ones.
  const atCounter = new Set(servingItems.map((s) => regRef(s.year, s.registrationId)));
  const waiting = checkins.filter((c) => !atCounter.has(regRef(c.year, c.registrationId))).sort((a, b) => a.token - b.token);
  const [servedBilled, next] = await Promise.all([
    billedOf(servingItems.map((s) => ({ year: s.year, id: s.registrationId }))),
    nextTokens(waiting),
  ]);
  // A counter whose token was billed has served it: the display shows that counter free until it calls the next
  // one, never a farmer already gone (docs/product-rules.md#the-queue-display-fills-its-screen-and-shows-who-is-served-now).
  const serving = servingItems.filter((s) => !servedBilled.has(regRef(s.year, s.registrationId)));
  return {
    date: day,
    serving: serving
      .map((s) => ({ counter: s.counter, token: s.token, since: s.since }))
      .sort((a, b) => a.counter.localeCompare(b.counter, 'en', { numeric: true })),
    next,
  };
}
