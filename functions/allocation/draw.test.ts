import { describe, expect, it } from 'vitest';
import {
  type Applicant,
  DRAW_ALGORITHM,
  DrawInputError,
  drawKey,
  drawOrder,
  publishDraw,
  runDraw,
  sharesOf,
  verifyDraw,
} from './draw';

const KG = 1000;
const applicant = (id: number, kg = 40, over: Partial<Applicant> = {}): Applicant => ({
  id,
  grams: kg * KG,
  category: 'GEN',
  gender: 'पुरुष',
  ...over,
});
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('the draw order', () => {
  it('is the keys HMAC-SHA-256(seed, "<crop>#<year>#<number>") in ascending order, as openssl computes them', () => {
    // printf '%s' '7#2026#1' | openssl dgst -sha256 -hmac 58213
    expect(drawKey('58213', 7, 2026, 1)).toBe('364a197d22fd4034151fd29a984a78c25603e0f23d1b8fe1517efccfc11a234b');
    expect(drawKey('58213', 7, 2026, 3)).toBe('00079816ed09060ab4d0823021107896024328a08dbeb7844e021c4d0d32ed74');
    expect(drawOrder('58213', 7, 2026, ids(6))).toEqual([3, 2, 1, 5, 6, 4]);
  });

  it('does not depend on the order the applicants are read in', () => {
    const forward = drawOrder('lottery-991', 3, 2026, ids(200));
    const backward = drawOrder('lottery-991', 3, 2026, ids(200).reverse());
    expect(backward).toEqual(forward);
    expect([...forward].sort((a, b) => a - b)).toEqual(ids(200));
  });

  it('changes with the seed, the crop and the year', () => {
    const base = drawOrder('1111', 3, 2026, ids(50));
    expect(drawOrder('1112', 3, 2026, ids(50))).not.toEqual(base);
    expect(drawOrder('1111', 4, 2026, ids(50))).not.toEqual(base);
    expect(drawOrder('1111', 3, 2027, ids(50))).not.toEqual(base);
  });

  it('puts each applicant first about equally often over many seeds', () => {
    const firsts = new Map<number, number>();
    for (let s = 0; s < 4000; s++) {
      const first = drawOrder(`seed-${s}`, 1, 2026, [1, 2, 3, 4])[0]!;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    // 1,000 expected each; the seeds are fixed, so this check is deterministic.
    for (const id of [1, 2, 3, 4]) expect(firsts.get(id)).toBeGreaterThan(900);
    for (const id of [1, 2, 3, 4]) expect(firsts.get(id)).toBeLessThan(1100);
  });
});

describe('runDraw', () => {
  it('gives the same result for the same input, with the algorithm and every key published', () => {
    const input = { seed: '58213', cropId: 7, year: 2026, stockGrams: 120 * KG, applicants: ids(6).map((i) => applicant(i)) };
    const first = runDraw(input);
    expect(runDraw({ ...input, applicants: [...input.applicants].reverse() })).toEqual(first);
    expect(first.algorithm).toBe(DRAW_ALGORITHM);
    expect(first.entries.map((e) => e.id)).toEqual([3, 2, 1, 5, 6, 4]);
    expect(first.entries.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(first.entries[0]!.key).toBe(drawKey('58213', 7, 2026, 3));
  });

  it('confirms in draw order until the stock is promised and waitlists the rest in draw order, positions 1..n', () => {
    const r = runDraw({
      seed: '58213',
      cropId: 7,
      year: 2026,
      stockGrams: 130 * KG,
      applicants: ids(6).map((i) => applicant(i)),
    });
    expect(r.entries.map((e) => [e.id, e.outcome, e.waitlistPosition])).toEqual([
      [3, 'confirmed', undefined],
      [2, 'confirmed', undefined],
      [1, 'confirmed', undefined],
      [5, 'waitlisted', 1],
      [6, 'waitlisted', 2],
      [4, 'waitlisted', 3],
    ]);
    expect(r.promisedGrams).toBe(120 * KG);
  });

  it('skips nobody: from the first who does not fit, everyone after waits, even smaller requests', () => {
    // Order 3, 2, 1, 5, 6, 4: number 1 asks for 80 kg where 50 are left; 5 asks for 10 kg but waits behind it.
    const applicants = [
      applicant(1, 80),
      applicant(2, 40),
      applicant(3, 40),
      applicant(4, 10),
      applicant(5, 10),
      applicant(6, 10),
    ];
    const r = runDraw({ seed: '58213', cropId: 7, year: 2026, stockGrams: 130 * KG, applicants });
    expect(r.entries.filter((e) => e.outcome === 'confirmed').map((e) => e.id)).toEqual([3, 2]);
    expect(r.entries.filter((e) => e.outcome === 'waitlisted').map((e) => e.id)).toEqual([1, 5, 6, 4]);
    expect(r.promisedGrams).toBe(80 * KG);
  });

  it('never promises more than the stock, whatever the requests', () => {
    for (let s = 0; s < 50; s++) {
      const applicants = ids(100).map((i) => applicant(i, 1 + ((i * 7 + s) % 6)));
      const stockGrams = (s * 37 + 11) * KG;
      const r = runDraw({ seed: `s${s}`, cropId: 2, year: 2026, stockGrams, applicants });
      const confirmed = r.entries.filter((e) => e.outcome === 'confirmed');
      const grams = confirmed.reduce((sum, e) => sum + applicants[e.id - 1]!.grams, 0);
      expect(grams).toBe(r.promisedGrams);
      expect(grams).toBeLessThanOrEqual(stockGrams);
      const waitlisted = r.entries.filter((e) => e.outcome === 'waitlisted');
      expect(waitlisted.map((e) => e.waitlistPosition)).toEqual(waitlisted.map((_, i) => i + 1));
    }
  });

  it('confirms nobody when there is no stock', () => {
    const r = runDraw({ seed: '1', cropId: 1, year: 2026, stockGrams: 0, applicants: ids(3).map((i) => applicant(i)) });
    expect(r.entries.every((e) => e.outcome === 'waitlisted')).toBe(true);
    expect(r.promisedGrams).toBe(0);
  });

  it('fills reserved shares first, with the earliest in draw order who qualify, and meets them when enough qualify', () => {
    // 100 applicants of 10 kg, every fifth SC, every third a woman; stock for 20 of them.
    const applicants = ids(100).map((i) =>
      applicant(i, 10, { category: i % 5 === 0 ? 'SC' : 'GEN', gender: i % 3 === 0 ? 'महिला' : 'पुरुष' }),
    );
    const shares = [
      { name: 'SC/ST', percent: 20, categories: ['SC', 'ST'] },
      { name: 'women', percent: 30, genders: ['महिला'] },
    ];
    const input = { seed: '77', cropId: 5, year: 2026, stockGrams: 200 * KG, applicants, shares };
    const r = runDraw(input);
    const byId = new Map(applicants.map((a) => [a.id, a]));
    const order = drawOrder('77', 5, 2026, ids(100));
    const winners = r.entries.filter((e) => e.outcome === 'confirmed');
    expect(winners).toHaveLength(20);

    const sc = r.shares.find((s) => s.name === 'SC/ST')!;
    const women = r.shares.find((s) => s.name === 'women')!;
    expect(sc.quotaGrams).toBe(40 * KG);
    expect(women.quotaGrams).toBe(60 * KG);
    expect(sc.filledGrams).toBeGreaterThanOrEqual(sc.quotaGrams);
    expect(women.filledGrams).toBeGreaterThanOrEqual(women.quotaGrams);

    // The SC/ST share went to the first four SC applicants in draw order.
    const firstSc = order.filter((id) => byId.get(id)!.category === 'SC').slice(0, 4);
    expect(winners.filter((e) => e.reservedFor === 'SC/ST').map((e) => e.id)).toEqual(firstSc);
    // The rest are the earliest in draw order not already chosen.
    const reserved = new Set(winners.filter((e) => e.reservedFor).map((e) => e.id));
    const open = winners.filter((e) => !e.reservedFor).map((e) => e.id);
    expect(open).toEqual(order.filter((id) => !reserved.has(id)).slice(0, open.length));
    expect(runDraw({ ...input, applicants: [...applicants].reverse() })).toEqual(r);

    // What the published result shows (numbers, grams, the shares each counts for) gives the same draw.
    const published = applicants.map((a) => ({ id: a.id, grams: a.grams, shares: sharesOf(a, shares) }));
    expect(published.find((a) => a.id === 15)!.shares).toEqual(['SC/ST', 'women']);
    expect(runDraw({ ...input, applicants: published })).toEqual(r);
  });

  it('counts a winner towards every share it qualifies for, and confirms every qualifier when too few apply', () => {
    const applicants = [
      applicant(1, 10, { category: 'ST', gender: 'महिला' }),
      ...ids(30)
        .slice(1)
        .map((i) => applicant(i, 10)),
    ];
    const shares = [
      { name: 'SC/ST', percent: 50, categories: ['SC', 'ST'] },
      { name: 'women', percent: 10, genders: ['महिला'] },
    ];
    const r = runDraw({ seed: '9', cropId: 1, year: 2026, stockGrams: 100 * KG, applicants, shares });
    expect(r.entries.find((e) => e.id === 1)).toMatchObject({ outcome: 'confirmed', reservedFor: 'SC/ST' });
    expect(r.shares).toEqual([
      { name: 'SC/ST', percent: 50, quotaGrams: 50 * KG, filledGrams: 10 * KG },
      { name: 'women', percent: 10, quotaGrams: 10 * KG, filledGrams: 10 * KG },
    ]);
    expect(r.entries.filter((e) => e.outcome === 'confirmed')).toHaveLength(10);
  });

  it('refuses input it cannot draw from', () => {
    const ok = { seed: '1', cropId: 1, year: 2026, stockGrams: 10, applicants: [applicant(1)] };
    const refused = (over: object) => expect(() => runDraw({ ...ok, ...over })).toThrow(DrawInputError);
    refused({ seed: '' });
    refused({ seed: ' 12' });
    refused({ stockGrams: -1 });
    refused({ stockGrams: 1.5 });
    refused({ applicants: [applicant(1), applicant(1)] });
    refused({ applicants: [applicant(0)] });
    refused({ applicants: [{ ...applicant(1), grams: 0 }] });
    refused({ shares: [{ name: 'a', percent: 0, categories: ['SC'] }] });
    refused({ shares: [{ name: 'a', percent: 10 }] });
    refused({
      shares: [
        { name: 'a', percent: 10, categories: ['SC'] },
        { name: 'a', percent: 10, genders: ['महिला'] },
      ],
    });
    refused({
      shares: [
        { name: 'a', percent: 60, categories: ['SC'] },
        { name: 'b', percent: 50, genders: ['महिला'] },
      ],
    });
  });
});

describe('verifyDraw', () => {
  const applicants = ids(40).map((i) =>
    applicant(i, 5 + (i % 4) * 5, { category: i % 4 === 0 ? 'ST' : 'OBC', gender: i % 2 ? 'महिला' : 'पुरुष' }),
  );
  const input = {
    seed: '204817',
    cropId: 11,
    year: 2026,
    stockGrams: 200 * KG,
    applicants,
    shares: [{ name: 'SC/ST', percent: 20, categories: ['SC', 'ST'] }],
  };
  const published = publishDraw(runDraw(input), input);

  it('finds nothing to object to in a draw published as it was run, which shows no category or gender', () => {
    expect(verifyDraw(published)).toEqual([]);
    expect(JSON.stringify(published)).not.toMatch(/OBC|महिला|पुरुष|"category"|"gender"/);
    expect(verifyDraw(JSON.parse(JSON.stringify(published)))).toEqual([]);
  });

  it('names what differs when the published order, an outcome or the seed was changed', () => {
    const swapped = { ...published, entries: [published.entries[1]!, published.entries[0]!, ...published.entries.slice(2)] };
    expect(verifyDraw(swapped).join('\n')).toMatch(/Place 1: id is/);

    const last = published.entries.length - 1;
    const promotedByHand = {
      ...published,
      entries: published.entries.map((e, i) =>
        i === last ? { ...e, outcome: 'confirmed' as const, waitlistPosition: undefined } : e,
      ),
    };
    expect(verifyDraw(promotedByHand).join('\n')).toMatch(
      new RegExp(`Place ${last + 1}: outcome is confirmed, the draw gives waitlisted`),
    );

    expect(verifyDraw({ ...published, seed: '204818' }).length).toBeGreaterThan(0);
    expect(verifyDraw({ ...published, algorithm: 'other' as typeof DRAW_ALGORITHM })).toEqual(['Unknown algorithm other']);
  });
});
