import { padId } from '../lib/counters';
import { applicantItem } from './draw-store';
import { queuePk, queueSk } from './queue';

/**
 * The small items a registration's transaction writes beside it (docs/decisions/0022-allocation.md,
 * sections 2, 4 and 5): a confirmed one's due entry (found by the expiry sweep per appointment day), a
 * waitlisted one's queue entry (read in position order by promotion), an applied one's applicant entry (read
 * by the draw: its grams and the category and gender the reserved shares look at).
 */
export const dueKey = (day: string, cropId: number, year: number, id: number) => ({
  pk: `DUE#${day}`,
  sk: `${cropId}#${year}#${padId(id)}`,
});

export function dueEntry(day: string, r: { cropId: number; year: number; id: number; grams: number }) {
  return { ...dueKey(day, r.cropId, r.year, r.id), type: 'due', cropId: r.cropId, year: r.year, id: r.id, grams: r.grams };
}

export function queueEntry(position: number, r: { cropId: number; year: number; id: number; grams: number }) {
  return {
    pk: queuePk(r.cropId, r.year),
    sk: queueSk(position),
    type: 'queue',
    position,
    year: r.year,
    id: r.id,
    grams: r.grams,
  };
}

export function applicantEntry(r: { cropId: number; year: number; id: number; grams: number; category: string; gender: string }) {
  return { ...applicantItem(r.cropId, r.year, r), type: 'applicant', year: r.year };
}
