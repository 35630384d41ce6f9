import type { TransactItem } from './audited-write';
import { tableName } from './aws';
import { kolkataDay } from './stats';

/**
 * The reports' counters (docs/decisions/0028-reports.md, docs/data-model.md "Report counters"): small items
 * changed with ADD inside the transaction of the event they count, so a report never reads the registrations
 * or bills it counts and never disagrees with them.
 *
 *   RPT#<year>#<India day of the event> / <cropId>#<district>#<category>#<gender>#<shard>
 *
 * The combination is also kept as plain attributes, which the report reads (a district may hold any text).
 * Each write goes to one of REPORT_SHARDS items of its combination, chosen by the registration's number:
 * registrations of one crop, district, category and gender arriving together (consecutive numbers) then
 * rarely meet on one item inside their transactions (two transactions on one item make one of them retry),
 * and a transaction resent with its client request token stays the same request.
 */
export const REPORT_SHARDS = 10;

export const REPORT_MEASURES = [
  'registrations',
  'confirmed',
  'waitlisted',
  'billed',
  'noShows',
  'grams',
  'cashPaise',
  'onlinePaise',
  'cancelled',
] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];
export type ReportDelta = Partial<Record<ReportMeasure, number>>;

/** What a registration contributes to the combination (as the registration item stores it). */
export interface ReportSubject {
  year: number;
  id: number;
  cropId?: number;
  district: string;
  category: string;
  gender: string;
}

export const reportPk = (year: number, day: string) => `RPT#${year}#${day}`;

/**
 * The one Update to add to the transaction of the event: `delta` added to the counters of the registration's
 * combination on the India day of `at`. Zero measures are left out.
 */
export function reportCounterUpdate(subject: ReportSubject, delta: ReportDelta, at: Date | string): TransactItem {
  const day = kolkataDay(typeof at === 'string' ? new Date(at) : at);
  const cropId = subject.cropId ?? 0;
  const shard = subject.id % REPORT_SHARDS;
  const names: Record<string, string> = { '#district': 'district', '#category': 'category', '#gender': 'gender' };
  const values: Record<string, unknown> = {
    ':cropId': cropId,
    ':district': subject.district,
    ':category': subject.category,
    ':gender': subject.gender,
    ':day': day,
  };
  const adds: string[] = [];
  for (const m of REPORT_MEASURES) {
    const v = delta[m];
    if (!v) continue;
    names[`#${m}`] = m;
    values[`:${m}`] = v;
    adds.push(`#${m} :${m}`);
  }
  return {
    Update: {
      TableName: tableName(),
      Key: {
        pk: reportPk(subject.year, day),
        sk: `${cropId}#${subject.district}#${subject.category}#${subject.gender}#${shard}`,
      },
      UpdateExpression: `SET cropId = :cropId, #district = :district, #category = :category, #gender = :gender, #day = :day${
        adds.length ? ` ADD ${adds.join(', ')}` : ''
      }`,
      ExpressionAttributeNames: { ...names, '#day': 'day' },
      ExpressionAttributeValues: values,
    },
  };
}

/** The sale's or the credit note's measures: one bill, its grams and its amount by payment mode (negated for a credit note). */
export function billDelta(bill: { quantityGrams: number; totalPaise: number; paymentMode: string }, sign: 1 | -1): ReportDelta {
  const online = bill.paymentMode === 'Online';
  return {
    billed: sign,
    grams: sign * bill.quantityGrams,
    [online ? 'onlinePaise' : 'cashPaise']: sign * bill.totalPaise,
  };
}

/** What a new registration counts: always one registration, and confirmed or waitlisted as it was placed (applied: neither). */
export function creationDelta(status: string | undefined): ReportDelta {
  if (status === 'waitlisted') return { registrations: 1, waitlisted: 1 };
  if (status === 'applied') return { registrations: 1 };
  return { registrations: 1, confirmed: 1 };
}
