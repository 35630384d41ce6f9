import { describe, expect, it } from 'vitest';
import { promotable, queueSk, type QueueEntry } from './queue';

const entry = (position: number, kg: number): QueueEntry => ({ position, year: 2026, id: 100 + position, grams: kg * 1000 });

describe('the waiting list', () => {
  it('sorts by position as text', () => {
    expect([queueSk(10), queueSk(9), queueSk(100)].sort()).toEqual([queueSk(9), queueSk(10), queueSk(100)]);
  });

  it('promotes the head in order while the grams fit', () => {
    const head = [entry(3, 40), entry(1, 40), entry(2, 40)];
    expect(promotable(100_000, head).map((e) => e.position)).toEqual([1, 2]);
    expect(promotable(120_000, head).map((e) => e.position)).toEqual([1, 2, 3]);
  });

  it('skips nobody: a head that does not fit stops the smaller requests behind it', () => {
    expect(promotable(30_000, [entry(1, 40), entry(2, 5)])).toEqual([]);
    expect(promotable(45_000, [entry(1, 40), entry(2, 10), entry(3, 5)]).map((e) => e.position)).toEqual([1]);
  });

  it('promotes nobody without free grams or without anyone waiting', () => {
    expect(promotable(0, [entry(1, 1)])).toEqual([]);
    expect(promotable(-5_000, [entry(1, 1)])).toEqual([]);
    expect(promotable(50_000, [])).toEqual([]);
  });
});
