/**
 * Invariant 7 (docs/invariants.md, "Promised within stock") checked on stored items, per crop and year, by
 * bench/surge.ts after its runs. Pure: it judges what it is given (the table is read by `allocationItems`).
 *
 * - The pool: promisedGrams + soldGrams ≤ stockGrams, and freeGrams = stock − sold − promised.
 * - Recomputed from the registrations: the promisedGrams of the confirmed, unbilled ones add up to the
 *   pool's promisedGrams (so the recomputed promise is within the stock too); `waiting` is the number of
 *   waitlisted ones.
 * - The waiting list: positions 1..queueTail, none held twice, none above queueTail; a position nobody holds
 *   (a gap) only for a request of that crop that the bench saw fail (it took a position, then gave up) or a
 *   registration promoted from the list (promotion removes its position).
 * - Each waitlisted registration has its queue entry and each confirmed, unbilled one its due entry, and
 *   nothing else is in the queue or due (when the entries are given).
 * - Each acknowledged answer (status, position) is what is stored (when given); a waitlisted answer may since
 *   have been promoted.
 */
import { statusOf } from '@shared/allocation-status';

export interface PoolRecord {
  cropId: number;
  year: number;
  stockGrams: number;
  soldGrams: number;
  promisedGrams: number;
  freeGrams: number;
  queueTail: number;
  waiting: number;
}

export interface RegistrationRecord {
  id: number;
  year: number;
  cropId: number;
  /** Absent on registrations stored before allocation: confirmed. */
  status?: string;
  isBilled: boolean;
  promisedGrams?: number;
  waitlistPosition?: number;
  /** Confirmed from the waiting list (its position was removed then). */
  promoted?: boolean;
}

/** A queue or due entry: which registration it stands for. */
export interface EntryRecord {
  cropId: number;
  year: number;
  id: number;
  /** Queue entries: the position in their sort key. */
  position?: number;
}

export interface AckRecord {
  id: number;
  year: number;
  status: string;
  waitlistPosition?: number;
}

export interface AllocationCheckInput {
  pools: PoolRecord[];
  registrations: RegistrationRecord[];
  queueEntries?: EntryRecord[];
  dueEntries?: EntryRecord[];
  /** Requests the bench saw fail (no 2xx), per crop id: each may have left one gap in its crop's waiting list. */
  failedByCrop?: ReadonlyMap<number, number>;
  acknowledged?: AckRecord[];
}

export interface CropStanding {
  cropId: number;
  year: number;
  stockGrams: number;
  soldGrams: number;
  promisedGrams: number;
  /** Recomputed: the promisedGrams of the confirmed, unbilled registrations. */
  promisedByRegistrations: number;
  confirmed: number;
  waitlisted: number;
  queueTail: number;
  gaps: number;
}

export interface AllocationCheck {
  ok: boolean;
  /** One line per broken rule (empty when ok). */
  problems: string[];
  crops: CropStanding[];
}

const keyOf = (cropId: number, year: number) => `${cropId}#${year}`;
const EMPTY_POOL = { stockGrams: 0, soldGrams: 0, promisedGrams: 0, freeGrams: 0, queueTail: 0, waiting: 0 };

export function checkAllocation(input: AllocationCheckInput): AllocationCheck {
  const problems: string[] = [];
  const pools = new Map(input.pools.map((p) => [keyOf(p.cropId, p.year), p]));
  const regsByCrop = new Map<string, RegistrationRecord[]>();
  for (const r of input.registrations) {
    const k = keyOf(r.cropId, r.year);
    regsByCrop.set(k, [...(regsByCrop.get(k) ?? []), r]);
  }
  const keys = [...new Set([...pools.keys(), ...regsByCrop.keys()])].sort();
  const crops: CropStanding[] = [];

  for (const k of keys) {
    const [cropId, year] = k.split('#').map(Number);
    const pool = pools.get(k) ?? { cropId, year, ...EMPTY_POOL };
    const regs = regsByCrop.get(k) ?? [];
    const at = `crop ${cropId}, ${year}`;

    if (pool.promisedGrams + pool.soldGrams > pool.stockGrams)
      problems.push(`${at}: promised ${pool.promisedGrams} g + sold ${pool.soldGrams} g > stock ${pool.stockGrams} g`);
    if (pool.freeGrams !== pool.stockGrams - pool.soldGrams - pool.promisedGrams)
      problems.push(
        `${at}: freeGrams ${pool.freeGrams} is not stock − sold − promised (${pool.stockGrams - pool.soldGrams - pool.promisedGrams})`,
      );

    const confirmedUnbilled = regs.filter((r) => statusOf(r) === 'confirmed' && !r.isBilled);
    const promisedByRegistrations = confirmedUnbilled.reduce((a, r) => a + (r.promisedGrams ?? 0), 0);
    if (promisedByRegistrations !== pool.promisedGrams)
      problems.push(
        `${at}: confirmed, unbilled registrations hold ${promisedByRegistrations} g, the pool says ${pool.promisedGrams} g promised`,
      );
    if (promisedByRegistrations + pool.soldGrams > pool.stockGrams)
      problems.push(
        `${at}: registrations hold ${promisedByRegistrations} g + sold ${pool.soldGrams} g > stock ${pool.stockGrams} g`,
      );
    const withoutGrams = confirmedUnbilled.filter((r) => !(Number(r.promisedGrams) > 0));
    if (withoutGrams.length)
      problems.push(`${at}: ${withoutGrams.length} confirmed registrations without promisedGrams (e.g. ${withoutGrams[0].id})`);

    const waitlisted = regs.filter((r) => statusOf(r) === 'waitlisted');
    if (waitlisted.length !== pool.waiting)
      problems.push(`${at}: ${waitlisted.length} registrations waitlisted, the pool says ${pool.waiting} waiting`);
    const explained = (input.failedByCrop?.get(cropId) ?? 0) + regs.filter((r) => r.promoted).length;
    const gaps = checkPositions(at, regs, waitlisted, pool.queueTail, explained, problems);

    crops.push({
      cropId,
      year,
      stockGrams: pool.stockGrams,
      soldGrams: pool.soldGrams,
      promisedGrams: pool.promisedGrams,
      promisedByRegistrations,
      confirmed: regs.filter((r) => statusOf(r) === 'confirmed').length,
      waitlisted: waitlisted.length,
      queueTail: pool.queueTail,
      gaps,
    });
  }

  if (input.queueEntries) {
    const expected = input.registrations
      .filter((r) => statusOf(r) === 'waitlisted')
      .map((r) => `${keyOf(r.cropId, r.year)}#${r.id}@${r.waitlistPosition}`);
    const found = input.queueEntries.map((e) => `${keyOf(e.cropId, e.year)}#${e.id}@${e.position}`);
    compareSets('queue entries', 'waitlisted registrations', found, expected, problems);
  }
  if (input.dueEntries) {
    const expected = input.registrations
      .filter((r) => statusOf(r) === 'confirmed' && !r.isBilled)
      .map((r) => `${keyOf(r.cropId, r.year)}#${r.id}`);
    const found = input.dueEntries.map((e) => `${keyOf(e.cropId, e.year)}#${e.id}`);
    compareSets('due entries', 'confirmed, unbilled registrations', found, expected, problems);
  }
  if (input.acknowledged) {
    const stored = new Map(input.registrations.map((r) => [`${r.year}#${r.id}`, r]));
    for (const a of input.acknowledged) {
      const r = stored.get(`${a.year}#${a.id}`);
      if (!r) problems.push(`acknowledged ${a.year}/${a.id} is not stored`);
      else if (a.status === 'waitlisted' && r.promoted) continue;
      else if (statusOf(r) !== a.status || (a.waitlistPosition ?? undefined) !== (r.waitlistPosition ?? undefined))
        problems.push(
          `acknowledged ${a.year}/${a.id} as ${a.status}${a.waitlistPosition ? ` #${a.waitlistPosition}` : ''}, stored ${statusOf(r)}${r.waitlistPosition ? ` #${r.waitlistPosition}` : ''}`,
        );
    }
  }
  return { ok: problems.length === 0, problems, crops };
}

/** Positions handed out are 1..queueTail, each held once; returns the gaps (positions nobody holds). */
function checkPositions(
  at: string,
  regs: RegistrationRecord[],
  waitlisted: RegistrationRecord[],
  queueTail: number,
  explained: number,
  problems: string[],
): number {
  const missing = waitlisted.filter((r) => !(Number(r.waitlistPosition) > 0));
  if (missing.length)
    problems.push(`${at}: ${missing.length} waitlisted registrations without a position (e.g. ${missing[0].id})`);
  const holders = new Map<number, number>();
  for (const r of regs) if (r.waitlistPosition) holders.set(r.waitlistPosition, (holders.get(r.waitlistPosition) ?? 0) + 1);
  const repeated = [...holders].filter(([, n]) => n > 1).map(([p]) => p);
  if (repeated.length) problems.push(`${at}: positions held twice: ${repeated.slice(0, 10).join(', ')}`);
  const above = [...holders.keys()].filter((p) => p > queueTail || !Number.isInteger(p));
  if (above.length) problems.push(`${at}: positions above the last handed out (${queueTail}): ${above.slice(0, 10).join(', ')}`);
  let gaps = 0;
  for (let p = 1; p <= queueTail; p++) if (!holders.has(p)) gaps++;
  if (gaps > explained)
    problems.push(
      `${at}: ${gaps} positions of 1..${queueTail} held by nobody, only ${explained} failed requests or promotions could explain them`,
    );
  return gaps;
}

function compareSets(what: string, against: string, found: string[], expected: string[], problems: string[]): void {
  const want = new Set(expected);
  const have = new Set(found);
  const extra = found.filter((f) => !want.has(f));
  const lacking = expected.filter((e) => !have.has(e));
  if (found.length !== have.size) problems.push(`${what}: ${found.length - have.size} repeated`);
  if (extra.length) problems.push(`${what}: ${extra.length} with no matching ${against} (e.g. ${extra[0]})`);
  if (lacking.length)
    problems.push(`${against}: ${lacking.length} without their ${what.replace(/ies$/, 'y')} (e.g. ${lacking[0]})`);
}

type Item = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

/** The checker's input from a table's items (a Scan: benches only). */
export function allocationItems(
  items: Item[],
): Pick<AllocationCheckInput, 'pools' | 'registrations' | 'queueEntries' | 'dueEntries'> {
  const starts = (prefix: string) => items.filter((i) => String(i.pk).startsWith(prefix));
  const pools = starts('POOL#')
    .filter((i) => i.sk === 'POOL')
    .map((i) => {
      const [, cropId, year] = String(i.pk).split('#');
      return {
        cropId: Number(cropId),
        year: Number(year),
        stockGrams: num(i.stockGrams),
        soldGrams: num(i.soldGrams),
        promisedGrams: num(i.promisedGrams),
        freeGrams: num(i.freeGrams),
        queueTail: num(i.queueTail),
        waiting: num(i.waiting),
      };
    });
  const registrations = items
    .filter((i) => i.type === 'registration')
    .map((i) => ({
      id: num(i.id),
      year: num(i.year),
      cropId: num(i.cropId),
      ...(typeof i.status === 'string' ? { status: i.status } : {}),
      isBilled: i.isBilled === true,
      ...(i.promisedGrams === undefined ? {} : { promisedGrams: num(i.promisedGrams) }),
      ...(i.waitlistPosition === undefined ? {} : { waitlistPosition: num(i.waitlistPosition) }),
      ...(i.promotedOn === undefined ? {} : { promoted: true }),
    }));
  const queueEntries = starts('QUEUE#').map((i) => ({
    cropId: Number(String(i.pk).split('#')[1]),
    year: num(i.year),
    id: num(i.id),
    position: num(i.position),
  }));
  const dueEntries = starts('DUE#').map((i) => ({ cropId: num(i.cropId), year: num(i.year), id: num(i.id) }));
  return { pools, registrations, queueEntries, dueEntries };
}
