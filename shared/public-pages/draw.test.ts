import { describe, expect, it } from 'vitest';
import type { DrawReply } from '../schemas/replies/allocation';
import { DRAW_LIST_PAGE, drawIndexView, drawResultView, readRegistrationNumber } from './draw';
import type { Translate } from './words';

/** The key, and its values when it has some: what each view asks for shows in its result. */
const t: Translate = (key, vars) => (vars ? `${key} ${JSON.stringify(vars)}` : key);

/** A published draw of `n` applicants (numbers 101…), every third one given a date, in an order not by number. */
function drawOf(n: number): DrawReply {
  let position = 0;
  const entries = Array.from({ length: n }, (_, i) => {
    const id = 101 + ((i * 7) % n);
    const confirmed = i % 3 === 0;
    return {
      id,
      rank: i + 1,
      key: 'k'.repeat(64),
      outcome: confirmed ? ('confirmed' as const) : ('waitlisted' as const),
      ...(confirmed ? {} : { waitlistPosition: ++position }),
      grams: 3000,
      shares: confirmed && i % 2 === 0 ? ['Women'] : [],
    };
  });
  return {
    algorithm: 'hmac-sha256-sort-v1',
    seed: 'LOT 48213',
    cropId: 3,
    year: 2026,
    stockGrams: 3000 * Math.ceil(n / 3),
    promisedGrams: 3000 * Math.ceil(n / 3),
    shares: [{ name: 'Women', percent: 30, quotaGrams: 3000, filledGrams: 3000 }],
    entries,
    drawnOn: '2026-11-29T09:30:00.000Z',
  };
}

const crop = { cropName: 'Chickpea', cropNameHi: 'चना' };

describe('the draw’s public result', () => {
  it('lists the numbers given a date in ascending order and the waiting list in its order, and names the share only by its rule', () => {
    const draw = drawOf(10);
    const v = drawResultView(draw, crop, {}, t, 'hi');
    expect(v.title).toBe('drawPublic.title {"crop":"चना","year":2026}');
    expect(v.selected.numbers).toEqual(
      draw.entries
        .filter((e) => e.outcome === 'confirmed')
        .map((e) => e.id)
        .sort((a, b) => a - b),
    );
    expect(v.waiting.rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(v.waiting.rows.map((r) => r.id)).toEqual(draw.entries.filter((e) => e.outcome === 'waitlisted').map((e) => e.id));
    expect(v.shares).toEqual(['drawPublic.shareLine {"name":"Women","percent":30}']);
    expect(v.facts.find((f) => f.testId === 'draw-number')?.value).toBe('LOT 48213');
    expect(v.pages).toBeUndefined();
    expect(v.check.dataHref).toBe('/api/allocation/draw/3/2026');
    // Which share a number counted for is not on the page (it tells a category or a gender).
    expect(JSON.stringify(v)).not.toContain('"Women"]');
  });

  it('finds a number as the farmer types it: given a date, waiting with its place, not in the draw, or not a number', () => {
    const draw = drawOf(10);
    const winner = draw.entries.find((e) => e.outcome === 'confirmed')!.id;
    const second = draw.entries.filter((e) => e.outcome === 'waitlisted')[1].id;
    const hindi = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(0x0966 + Number(d)));
    expect(drawResultView(draw, crop, { typed: ` ${winner} ` }, t, 'en').find.lookup).toEqual({
      kind: 'selected',
      text: `drawPublic.foundSelected {"number":${winner}}`,
      number: winner,
    });
    expect(drawResultView(draw, crop, { typed: hindi(second) }, t, 'hi').find.lookup).toMatchObject({
      kind: 'waiting',
      text: `drawPublic.foundWaiting {"number":${second},"position":2}`,
    });
    expect(drawResultView(draw, crop, { typed: '9999' }, t, 'hi').find.lookup?.kind).toBe('absent');
    for (const bad of ['12a', '0', '-5', '1e3', '12345678901']) {
      expect(drawResultView(draw, crop, { typed: bad }, t, 'hi').find.lookup?.kind, bad).toBe('bad');
    }
    expect(drawResultView(draw, crop, { typed: '  ' }, t, 'hi').find.lookup).toBeUndefined();
    expect(readRegistrationNumber('१ ०४२')).toBe(1042);
  });

  it('keeps a long draw light: each list by pages of DRAW_LIST_PAGE numbers, with links to the others in the page’s language', () => {
    const draw = drawOf(DRAW_LIST_PAGE * 2 + 600); // waiting: 3,067 (two pages); given a date: 1,534
    const first = drawResultView(draw, crop, {}, t, 'en');
    expect(first.selected.numbers).toHaveLength(1534);
    expect(first.waiting.rows).toHaveLength(DRAW_LIST_PAGE);
    expect(first.pages).toEqual({
      text: 'drawPublic.pageOf {"page":1,"pages":2}',
      next: { href: '/draw/3/2026?page=2&lang=en', label: 'drawPublic.next' },
    });
    const second = drawResultView(draw, crop, { page: 2 }, t, 'hi');
    expect(second.selected.numbers).toEqual([]);
    expect(second.waiting.rows[0].position).toBe(DRAW_LIST_PAGE + 1);
    expect(second.pages?.previous?.href).toBe('/draw/3/2026');
    expect(second.pages?.next).toBeUndefined();
    // A page past the last shows the last.
    expect(drawResultView(draw, crop, { page: 9 }, t, 'hi').waiting.rows[0].position).toBe(DRAW_LIST_PAGE + 1);
  });

  it('the season’s list names each crop and year, and says when none is published', () => {
    const v = drawIndexView(
      [{ cropId: 3, cropName: 'Chickpea', cropNameHi: 'चना', year: 2026, drawnOn: '2026-11-29T09:30:00.000Z', applicants: 12 }],
      '2026-12-04',
      t,
      'en',
    );
    expect(v.items).toEqual([
      {
        href: '/draw/3/2026',
        label: 'drawPublic.item {"crop":"Chickpea","year":2026}',
        facts: 'drawPublic.itemFacts {"date":"Sunday, 29 November 2026","count":12}',
      },
    ]);
    expect(v.drawOn).toBe('drawPublic.drawOn {"date":"Friday, 4 December 2026"}');
    expect(v.none).toBeUndefined();
    expect(drawIndexView([], '', t, 'hi')).toMatchObject({ items: [], none: 'drawPublic.none' });
  });
});
