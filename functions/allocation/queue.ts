import { padId } from '../lib/counters';

/**
 * The waiting list of a crop and year (docs/decisions/0022-allocation.md, sections 2 and 3): one entry per
 * waitlisted registration, `QUEUE#<cropId>#<year>` / `<position, 10 digits>`, so a Query reads it in order.
 */
export const queuePk = (cropId: number, year: number) => `QUEUE#${cropId}#${year}`;
export const queueSk = (position: number) => padId(position);

export interface QueueEntry {
  position: number;
  year: number;
  id: number;
  grams: number;
}

/**
 * Who is promoted with `freeGrams`: the head of the queue, in order, while each one's grams fit what is
 * left; at the first who does not fit, nobody after is (nobody is skipped).
 */
export function promotable(freeGrams: number, head: readonly QueueEntry[]): QueueEntry[] {
  const sorted = [...head].sort((a, b) => a.position - b.position);
  const out: QueueEntry[] = [];
  let left = freeGrams;
  for (const entry of sorted) {
    if (entry.grams > left) break;
    out.push(entry);
    left -= entry.grams;
  }
  return out;
}
