import {
  countedRupees,
  DAY_CLOSE_ID_RE,
  DAY_CLOSE_PAST_DAYS,
  dayCloseId,
  earliestClosableDay,
  type DayCloseInput,
  type DayCloseListReply,
  type DayCloseView,
  type DayCreditNote,
  type ReopenDayInput,
} from '@shared/schemas/day-close';
import { financialYearOf, PAYMENT_MODES, type PaymentMode } from '@shared/schemas/sales';
import type { AuditTrail } from '../lib/audit-log';
import type { Caller } from '../lib/caller';
import { isAdmin } from '../lib/caller-roles';
import { AppError, badRequest, conflict, notFound } from '../lib/errors';
import { log } from '../lib/log';
import { queryIndex } from '../lib/query';
import { cancellationReasons, withRetry } from '../lib/retry';
import { kolkataDay } from '../lib/stats';
import { gramsToKg, paiseToRupees } from '../lib/units';
import { creditNoteEntity, creditNotesPk } from './credit-note-entity';
import { reasonAttr } from './sale-cancellation';
import * as store from './seller-day';
import { offlineOfDay } from './offline/reconcile';

/**
 * The day-end cash close (docs/decisions/0026-day-close.md, docs/product-rules.md#a-sellers-day-ends-with-a-cash-close).
 * The figures are kept by the sales and credit notes themselves (seller-day.ts); a close compares the cash
 * counted with them and freezes the day, an admin's reopen undoes that with a reason kept in the day's history.
 */

let clock: () => Date = () => new Date();
export function setDayCloseClockForTests(fn?: () => Date): void {
  clock = fn ?? (() => new Date());
}

const rupeesToPaise = (r: number) => Math.round(r * 100);

/** The message a refused sale carries (the screens show their own text for the code DAY_CLOSED). */
export const dayClosedError = () =>
  new AppError(
    'DAY_CLOSED',
    'आपका आज का दिन बंद हो चुका है; नई बिक्री के लिए किसी एडमिन को इसे फिर से खोलना होगा / ' +
      'Your day is closed; an admin must reopen it before you can sell again',
  );

export function viewOf(d: store.SellerDayItem): DayCloseView {
  return {
    id: dayCloseId(d.day, d.userID),
    date: d.day,
    userID: d.userID,
    sellerName: d.sellerName,
    status: d.closedAt ? 'closed' : 'open',
    bills: d.bills,
    kg: gramsToKg(d.grams),
    cashAmount: paiseToRupees(d.cashPaise),
    onlineAmount: paiseToRupees(d.onlinePaise),
    crops: d.crops.map((c) => ({ cropID: c.cropID, cropName: c.cropName, cropNameHi: c.cropNameHi, kg: gramsToKg(c.grams) })),
    onlinePayments: d.online.map((o) => ({
      invoiceNumber: o.invoiceNumber,
      amount: paiseToRupees(o.paise),
      upiRef: o.upiRef ?? '',
    })),
    revision: d.revision,
    ...(d.closedAt
      ? {
          closedAt: d.closedAt,
          closedByName: d.closedByName ?? '',
          denominations: d.denominations,
          counted: paiseToRupees(d.countedPaise ?? 0),
          difference: paiseToRupees(d.differencePaise ?? 0),
          note: d.note ?? '',
        }
      : {}),
    history: d.history.map((h) => ({
      closedAt: h.closedAt,
      closedByName: h.closedByName,
      bills: h.bills,
      kg: gramsToKg(h.grams),
      cashAmount: paiseToRupees(h.cashPaise),
      onlineAmount: paiseToRupees(h.onlinePaise),
      counted: paiseToRupees(h.countedPaise),
      difference: paiseToRupees(h.differencePaise),
      note: h.note,
      reopenedAt: h.reopenedAt,
      reopenedByName: h.reopenedByName,
      reason: h.reason,
    })),
  };
}

/** A close is of today or of the DAY_CLOSE_PAST_DAYS days before it (docs/decisions/0026-day-close.md). */
function closableDay(day: string): void {
  const today = kolkataDay(clock());
  if (day > today) throw badRequest(`${day} has not come yet: a day is closed on the day or after it`, { date: 'A future day' });
  const earliest = earliestClosableDay(today);
  if (day < earliest)
    throw badRequest(
      `${day} is too long ago to close: a day is closed within ${DAY_CLOSE_PAST_DAYS} days of it (from ${earliest} today)`,
      { date: `Too long ago (before ${earliest})` },
    );
}

/** The caller's own day, as it stands (an empty one before the first sale). */
async function ownDay(day: string, caller: Caller): Promise<store.SellerDayItem> {
  return (
    (await withRetry(() => store.getSellerDay(day, caller.userID), { attempts: 5 })) ??
    store.emptySellerDay(day, caller.userID, caller.name)
  );
}

/** POST /api/day-close: the caller closes their own day with the cash counted. */
export async function closeDay(input: DayCloseInput, caller: Caller, audit: AuditTrail): Promise<DayCloseView> {
  closableDay(input.date);
  const before = await ownDay(input.date, caller);
  if (before.closedAt) throw alreadyClosed(before);
  if (input.revision !== undefined && input.revision !== before.revision) throw changedSinceShown();
  const countedPaise = rupeesToPaise(countedRupees(input.denominations));
  const differencePaise = countedPaise - before.cashPaise;
  const at = clock().toISOString();
  const id = dayCloseId(input.date, caller.userID);
  try {
    await store.commitClose({
      day: input.date,
      seller: { userID: caller.userID, name: caller.name },
      by: { userID: caller.userID, name: caller.name },
      at,
      revision: before.revision,
      denominations: input.denominations,
      countedPaise,
      differencePaise,
      note: input.note,
      entry: audit.put(
        { type: 'day-close', id },
        {
          summary: `day closed: ${before.bills} bills, cash ₹${paiseToRupees(before.cashPaise)}, counted ₹${paiseToRupees(countedPaise)}, difference ₹${paiseToRupees(differencePaise)}`,
        },
      ),
    });
  } catch (e) {
    const reason = cancellationReasons(e)[store.CLOSE_TX.day] as { Code?: string; Item?: unknown } | undefined;
    if (reason?.Code === 'ConditionalCheckFailed') {
      if (reasonAttr(reason.Item, 'closedAt') !== undefined) throw alreadyClosed({ day: input.date });
      throw changedSinceShown();
    }
    throw e;
  }
  log.info('day closed', { day: input.date, userID: caller.userID, bills: before.bills });
  return viewOf({
    ...before,
    sellerName: before.sellerName || caller.name,
    closedAt: at,
    closedBy: caller.userID,
    closedByName: caller.name,
    denominations: input.denominations,
    countedPaise,
    differencePaise,
    note: input.note,
  });
}

const alreadyClosed = (d: { day: string; closedByName?: string }) =>
  conflict(`The day ${d.day} is already closed${d.closedByName ? ` by ${d.closedByName}` : ''}`, { status: 'closed' });

const changedSinceShown = () =>
  conflict('New sales or cancellations since you opened the close: check the figures again and close then', {
    status: 'changed',
  });

/** GET /api/day-close: an admin sees every seller's day (and the day's credit notes), a seller (or `mine`) their own. */
export async function listDay(date: string | undefined, caller: Caller, o: { mine?: boolean } = {}): Promise<DayCloseListReply> {
  const day = date ?? kolkataDay(clock());
  const admin = isAdmin(caller) && !o.mine;
  const items = admin ? await listDayCloses(day) : [viewOf(await ownDay(day, caller))];
  const [notes, offline] = await Promise.all([creditNotesOf(day), admin ? offlineOfDay(day) : Promise.resolve(undefined)]);
  return {
    date: day,
    items,
    creditNotes: admin ? notes : notes.filter((n) => n.billSellerUserId === caller.userID),
    ...(offline ? { offline } : {}),
  };
}

/**
 * Every seller's close of a day, open ones with their running totals, by seller name (optionally one seller's):
 * plain rows for the exports and the admins' screen.
 */
export async function listDayCloses(day: string, o: { userID?: number } = {}): Promise<DayCloseView[]> {
  const days = await withRetry(() => store.sellerDaysOf(day), { attempts: 5 });
  return days
    .filter((d) => o.userID === undefined || d.userID === o.userID)
    .sort((a, b) => a.sellerName.localeCompare(b.sellerName) || a.userID - b.userID)
    .map(viewOf);
}

/** Credit notes issued on the India day (one range of the financial year's index). */
export const DAY_CREDIT_NOTES_CAP = 2_000;
async function creditNotesOf(day: string): Promise<DayCreditNote[]> {
  const start = new Date(Date.parse(`${day}T00:00:00+05:30`)).toISOString();
  const end = new Date(Date.parse(`${day}T00:00:00+05:30`) + 86_400_000 - 1).toISOString();
  const r = await queryIndex({
    index: 'gsi1',
    pk: creditNotesPk(financialYearOf(day)),
    skBetween: { from: start, to: `${end}~` },
    forward: true,
    take: DAY_CREDIT_NOTES_CAP,
  });
  return creditNoteEntity.fromItems(r.items).map((n) => ({
    creditNoteNumber: n.creditNoteNumber,
    issuedOn: n.issuedOn,
    invoiceNumber: n.invoiceNumber,
    invoiceDate: n.invoiceDate,
    amount: paiseToRupees(n.totalPaise),
    kg: gramsToKg(n.quantityGrams),
    paymentMode: (PAYMENT_MODES as readonly string[]).includes(n.paymentMode) ? (n.paymentMode as PaymentMode) : 'Cash',
    ...(n.billSellerUserId ? { billSellerUserId: n.billSellerUserId } : {}),
    deducted: n.deductedFromDay === true,
  }));
}

/** POST /api/day-close/{id}/reopen: an admin undoes a close; the close and the reason stay in the day's history. */
export async function reopenDay(id: string, input: ReopenDayInput, caller: Caller, audit: AuditTrail): Promise<DayCloseView> {
  const m = DAY_CLOSE_ID_RE.exec(id);
  if (!m) throw notFound(`Day close ${id} not found`);
  const [, day, user] = m;
  const userID = Number(user);
  const d = await withRetry(() => store.getSellerDay(day!, userID), { attempts: 5 });
  if (!d) throw notFound(`Day close ${id} not found`);
  if (!d.closedAt) throw conflict(`The day ${day} of ${d.sellerName || `seller ${userID}`} is not closed`, { status: 'open' });
  const reopenedAt = clock().toISOString();
  const past: store.SellerDayHistoryItem = {
    closedAt: d.closedAt,
    closedByName: d.closedByName ?? '',
    bills: d.bills,
    grams: d.grams,
    cashPaise: d.cashPaise,
    onlinePaise: d.onlinePaise,
    countedPaise: d.countedPaise ?? 0,
    differencePaise: d.differencePaise ?? 0,
    note: d.note ?? '',
    reopenedAt,
    reopenedBy: caller.userID,
    reopenedByName: caller.name,
    reason: input.reason,
  };
  try {
    await store.commitReopen(
      day!,
      userID,
      d.closedAt,
      past,
      audit.put({ type: 'day-close', id }, { summary: `day reopened; reason: ${input.reason}` }),
    );
  } catch (e) {
    if (cancellationReasons(e)[0]?.Code === 'ConditionalCheckFailed')
      throw conflict(`The day ${day} was reopened or closed again meanwhile: reload`, { status: 'changed' });
    throw e;
  }
  const {
    closedAt: _a,
    closedBy: _b,
    closedByName: _c,
    denominations: _d,
    countedPaise: _e,
    differencePaise: _f,
    note: _g,
    ...open
  } = d;
  return viewOf({ ...open, history: [...d.history, past] });
}
