import {
  emptyReportFigures,
  REPORT_FIGURES,
  type ReportFigures,
  type ReportReply,
  type ReportRow,
} from '@shared/schemas/replies/reports';
import { daysBetween, type ReportGrouping, type ReportQuery } from '@shared/schemas/reports';
import { getCrops } from '../crops/crop-entity';
import { boundedRunner } from '../lib/bounded-concurrency';
import { type Item, queryAll } from '../lib/query';
import { reportPk } from '../lib/report-counters';
import { withRetry } from '../lib/retry';

/**
 * A year's report (docs/decisions/0028-reports.md): for each India day of the range, the day's counter items
 * (one Query of RPT#<year>#<day>, at most DAYS_AT_ONCE at a time), summed by the grouping in memory. The
 * registrations and bills themselves are never read. A plain function returning rows, for the screen and the
 * exports alike.
 */
const DAYS_AT_ONCE = 20;

function addTo(sum: ReportFigures, item: Item): void {
  for (const f of REPORT_FIGURES) sum[f] += Number(item[f] ?? 0);
}

function daysOf(from: string, to: string): string[] {
  const base = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: daysBetween(from, to) }, (_, i) => new Date(base + i * 86_400_000).toISOString().slice(0, 10));
}

const keyOf = (item: Item, by: ReportGrouping) => String((by === 'crop' ? item.cropId : item[by]) ?? '');

/** The counter items of the range's days. */
export async function reportCounters(year: number, from: string, to: string): Promise<Item[]> {
  const runner = boundedRunner({ running: DAYS_AT_ONCE, waiting: Number.MAX_SAFE_INTEGER });
  const perDay = await Promise.all(
    daysOf(from, to).map((day) =>
      runner.run(() =>
        withRetry(() =>
          queryAll({ KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': reportPk(year, day) } }),
        ),
      ),
    ),
  );
  return perDay.flat();
}

export async function report(q: ReportQuery): Promise<ReportReply> {
  const items = await reportCounters(q.year, q.from, q.to);
  const sums = new Map<string, ReportFigures>();
  const total = emptyReportFigures();
  for (const item of items) {
    const key = keyOf(item, q.by);
    let sum = sums.get(key);
    if (!sum) sums.set(key, (sum = emptyReportFigures()));
    addTo(sum, item);
    addTo(total, item);
  }
  const labels = await labelsOf(q.by, [...sums.keys()]);
  const rows: ReportRow[] = [...sums].map(([key, figures]) => ({ key, ...(labels.get(key) ?? { label: key }), ...figures }));
  rows.sort((a, b) => b.registrations - a.registrations || a.label.localeCompare(b.label));
  return { year: q.year, from: q.from, to: q.to, by: q.by, rows, total };
}

/** Crop names from the catalogue (a crop since removed keeps its number); other groupings show what is stored. */
async function labelsOf(by: ReportGrouping, keys: string[]): Promise<Map<string, { label: string; labelHi?: string }>> {
  if (by !== 'crop') return new Map();
  const ids = keys.map(Number).filter((id) => id > 0);
  const crops = ids.length ? await getCrops(ids) : new Map();
  return new Map(
    keys.map((key) => {
      const crop = crops.get(Number(key));
      if (!crop) return [key, { label: key === '0' ? '—' : `#${key}` }];
      return [key, { label: crop.cropName, ...(crop.cropNameHi ? { labelHi: crop.cropNameHi } : {}) }];
    }),
  );
}
