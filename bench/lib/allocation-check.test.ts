import { describe, expect, it } from 'vitest';
import { allocationItems, checkAllocation, type AllocationCheckInput, type RegistrationRecord } from './allocation-check';

const YEAR = 2026;
const confirmed = (id: number, grams = 100): RegistrationRecord => ({
  id,
  year: YEAR,
  cropId: 7,
  status: 'confirmed',
  isBilled: false,
  promisedGrams: grams,
});
const waitlisted = (id: number, position: number): RegistrationRecord => ({
  id,
  year: YEAR,
  cropId: 7,
  status: 'waitlisted',
  isBilled: false,
  promisedGrams: 100,
  waitlistPosition: position,
});

/** Stock for 3 requests of 100 g, all 3 promised, 2 waiting: every rule holds. */
function holding(): AllocationCheckInput {
  const registrations = [confirmed(1), confirmed(2), confirmed(3), waitlisted(4, 1), waitlisted(5, 2)];
  return {
    pools: [{ cropId: 7, year: YEAR, stockGrams: 300, soldGrams: 0, promisedGrams: 300, freeGrams: 0, queueTail: 2, waiting: 2 }],
    registrations,
    queueEntries: [
      { cropId: 7, year: YEAR, id: 4, position: 1 },
      { cropId: 7, year: YEAR, id: 5, position: 2 },
    ],
    dueEntries: [1, 2, 3].map((id) => ({ cropId: 7, year: YEAR, id })),
    acknowledged: [
      { id: 1, year: YEAR, status: 'confirmed' },
      { id: 4, year: YEAR, status: 'waitlisted', waitlistPosition: 1 },
    ],
  };
}

describe('the allocation invariant checker', () => {
  it('passes a pool and registrations that keep the invariant', () => {
    const check = checkAllocation(holding());
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.crops).toEqual([
      expect.objectContaining({ cropId: 7, confirmed: 3, waitlisted: 2, promisedByRegistrations: 300, gaps: 0 }),
    ]);
  });

  it('counts billed registrations as sold, not promised, and absent statuses as confirmed', () => {
    const input = holding();
    input.pools[0] = { ...input.pools[0], stockGrams: 500, soldGrams: 100, freeGrams: 100 };
    input.registrations[0] = { ...input.registrations[0], status: undefined };
    input.registrations.push({ ...confirmed(6), isBilled: true });
    expect(checkAllocation(input).problems).toEqual([]);
  });

  it('fails a pool that promises more than its stock', () => {
    const input = holding();
    input.pools[0] = { ...input.pools[0], stockGrams: 250, freeGrams: -50 };
    const check = checkAllocation(input);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      'crop 7, 2026: promised 300 g + sold 0 g > stock 250 g',
      expect.stringMatching(/registrations hold 300 g/),
    ]);
  });

  it('fails when the registrations hold more than the pool says it promised', () => {
    const input = holding();
    input.registrations.push(confirmed(6));
    input.dueEntries!.push({ cropId: 7, year: YEAR, id: 6 });
    const check = checkAllocation(input);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      'crop 7, 2026: confirmed, unbilled registrations hold 400 g, the pool says 300 g promised',
      'crop 7, 2026: registrations hold 400 g + sold 0 g > stock 300 g',
    ]);
  });

  it('fails a freeGrams that does not match stock − sold − promised', () => {
    const input = holding();
    input.pools[0].freeGrams = 100;
    expect(checkAllocation(input).problems).toEqual([expect.stringMatching(/freeGrams 100 is not/)]);
  });

  it('fails a waiting-list position held twice', () => {
    const input = holding();
    input.registrations[4] = waitlisted(5, 1);
    input.queueEntries![1].position = 1;
    const check = checkAllocation(input);
    expect(check.ok).toBe(false);
    expect(check.problems).toContain('crop 7, 2026: positions held twice: 1');
  });

  it('fails a gap in the positions unless a failed request of that crop explains it', () => {
    const input = holding();
    input.pools[0].queueTail = 3;
    input.registrations[4] = waitlisted(5, 3);
    input.queueEntries![1].position = 3;
    expect(checkAllocation(input).problems).toEqual([
      'crop 7, 2026: 1 positions of 1..3 held by nobody, only 0 failed requests or promotions could explain them',
    ]);
    expect(checkAllocation({ ...input, failedByCrop: new Map([[8, 1]]) }).ok).toBe(false);
    const explained = checkAllocation({ ...input, failedByCrop: new Map([[7, 1]]) });
    expect(explained.problems).toEqual([]);
    expect(explained.crops[0].gaps).toBe(1);
  });

  it('lets a promotion explain a gap, and a waitlisted answer be confirmed since', () => {
    const input = holding();
    input.pools[0] = { ...input.pools[0], stockGrams: 400, promisedGrams: 400, waiting: 1 };
    input.registrations[3] = { ...confirmed(4), promoted: true };
    input.queueEntries!.shift();
    input.dueEntries!.push({ cropId: 7, year: YEAR, id: 4 });
    const check = checkAllocation(input);
    expect(check.problems).toEqual([]);
    expect(check.crops[0]).toEqual(expect.objectContaining({ confirmed: 4, waitlisted: 1, gaps: 1 }));
  });

  it('fails a position above the last one handed out, and a waiting count that is off', () => {
    const input = holding();
    input.pools[0] = { ...input.pools[0], queueTail: 1, waiting: 3 };
    expect(checkAllocation(input).problems).toEqual([
      'crop 7, 2026: 2 registrations waitlisted, the pool says 3 waiting',
      'crop 7, 2026: positions above the last handed out (1): 2',
    ]);
  });

  it('fails registrations of a crop without a pool: nothing may be promised there', () => {
    const input = holding();
    input.registrations.push({ ...confirmed(9), cropId: 8 });
    input.dueEntries!.push({ cropId: 8, year: YEAR, id: 9 });
    expect(checkAllocation(input).problems).toEqual([
      'crop 8, 2026: confirmed, unbilled registrations hold 100 g, the pool says 0 g promised',
      'crop 8, 2026: registrations hold 100 g + sold 0 g > stock 0 g',
    ]);
  });

  it('fails a missing queue or due entry, and an answer that differs from what is stored', () => {
    const input = holding();
    input.queueEntries!.pop();
    input.dueEntries!.push({ cropId: 7, year: YEAR, id: 4 });
    input.acknowledged!.push({ id: 5, year: YEAR, status: 'confirmed' });
    expect(checkAllocation(input).problems).toEqual([
      'waitlisted registrations: 1 without their queue entry (e.g. 7#2026#5@2)',
      'due entries: 1 with no matching confirmed, unbilled registrations (e.g. 7#2026#4)',
      'acknowledged 2026/5 as confirmed, stored waitlisted #2',
    ]);
  });

  it('reads pools, registrations and entries from stored items', () => {
    const items = [
      {
        pk: 'POOL#7#2026',
        sk: 'POOL',
        stockGrams: 300,
        promisedGrams: 100,
        freeGrams: 200,
        waiting: 1,
        queueTail: 1,
        version: 3,
      },
      {
        pk: 'REG#2026#0000000001',
        sk: 'REG',
        type: 'registration',
        id: 1,
        year: 2026,
        cropId: 7,
        status: 'confirmed',
        isBilled: false,
        promisedGrams: 100,
      },
      {
        pk: 'REG#2026#0000000002',
        sk: 'REG',
        type: 'registration',
        id: 2,
        year: 2026,
        cropId: 7,
        status: 'waitlisted',
        isBilled: false,
        promisedGrams: 100,
        waitlistPosition: 1,
      },
      { pk: 'QUEUE#7#2026', sk: '0000000001', type: 'queue', position: 1, year: 2026, id: 2, grams: 100 },
      { pk: 'DUE#2026-11-30', sk: '7#2026#0000000001', type: 'due', cropId: 7, year: 2026, id: 1, grams: 100 },
      { pk: 'REGCODE#x', sk: 'REGCODE', id: 1, year: 2026 },
    ];
    const read = allocationItems(items);
    expect(read.pools).toEqual([
      { cropId: 7, year: 2026, stockGrams: 300, soldGrams: 0, promisedGrams: 100, freeGrams: 200, queueTail: 1, waiting: 1 },
    ]);
    expect(read.registrations.map((r) => [r.id, r.status, r.waitlistPosition])).toEqual([
      [1, 'confirmed', undefined],
      [2, 'waitlisted', 1],
    ]);
    expect(checkAllocation(read).problems).toEqual([]);
  });
});
