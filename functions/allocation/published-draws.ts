import { kolkataDate, kolkataYear } from '@shared/india-time';
import type { PublishedDrawHead } from '@shared/public-pages/draw';
import { dropdown } from '../crops/crop-dropdown';
import { batchGet } from '../lib/batch-get';
import { getSetting } from '../lib/config-store';
import { drawRecordKey } from './draw-store';

/**
 * The draws of the season as the public sees them (docs/product-rules.md#the-draws-result-is-a-public-page-linked-from-home):
 * which crops' draws are published, for the list of draws (/draw) and the home page's link to it, and the day of
 * the next draw while one is announced.
 */

/** The years whose draws the season shows: this year in India and the one before (a Rabi season crosses the year's end). */
export function seasonYears(now = new Date()): number[] {
  const year = kolkataYear(now);
  return [year, year - 1];
}

/**
 * Every crop's published draw of those years (the draw's head only, not its numbers), newest year first, then by
 * crop name: one read of the catalogue's crops and one BatchGet of their draw heads (tens of crops, two years).
 * A draw is published once fixed (`drawn`), while its outcome is still being given to the registrations.
 */
export async function publishedDrawHeads(years = seasonYears()): Promise<PublishedDrawHead[]> {
  const crops = await dropdown(true);
  const items = await batchGet(crops.flatMap((c) => years.map((y) => drawRecordKey(c.id, y))));
  const byKey = new Map(items.map((i) => [String(i.pk), i]));
  const heads: PublishedDrawHead[] = [];
  for (const year of years) {
    for (const crop of crops) {
      const head = byKey.get(drawRecordKey(crop.id, year).pk);
      if (!head) continue;
      heads.push({
        cropId: crop.id,
        cropName: crop.name,
        ...(crop.nameHi ? { cropNameHi: crop.nameHi } : {}),
        year,
        drawnOn: String(head.drawnOn),
        applicants: Number(head.count ?? 0),
      });
    }
  }
  return heads;
}

/** The announced day of the draw (DrawDate) while the season runs by draw and the day has not passed; '' otherwise. */
export async function announcedDrawDay(now = new Date()): Promise<string> {
  const [mode, day] = await Promise.all([getSetting('AllocationMode'), getSetting('DrawDate')]);
  return mode === 'draw' && day && day >= kolkataDate(now) ? day : '';
}
