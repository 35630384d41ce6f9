import { tableName } from '../lib/aws';
import { padId } from '../lib/counters';
import { kolkataDay } from '../lib/stats';

/**
 * Retention of Aadhaar scans (docs/decisions/0023-records.md, section 4). The sale, the expiry and the
 * cancellation of a registration each put a purge entry in their own transaction:
 *
 *   PURGE / <day>#<year>#<id10>     the day (India) the registration stopped needing its scan
 *
 * The daily job (retention.ts) deletes the scans of entries whose day is at least ScanRetentionDays ago, so a
 * change of the setting applies to the scans already waiting. One partition: its writes come at the rate of
 * bills, expiries and cancellations, far below a partition's limit, and one Query finds everything due.
 */
export const PURGE_PK = 'PURGE';
export const purgeKey = (day: string, year: number, id: number) => ({ pk: PURGE_PK, sk: `${day}#${year}#${padId(id)}` });

export type PurgeReason = 'billed' | 'expired' | 'cancelled';

export interface PurgeEntry {
  day: string;
  year: number;
  id: number;
  scanKey: string;
  farmerID?: number;
  reason: PurgeReason;
}

/** The Put of the purge entry for a transaction, or none when the registration holds no scan. */
export function purgePut(
  reg: { year: number; id: number; adharFilePath?: string; farmerID?: number; scanDeletedOn?: string },
  reason: PurgeReason,
  at: string,
) {
  if (!reg.adharFilePath || reg.scanDeletedOn) return [];
  const day = kolkataDay(new Date(at));
  const entry: PurgeEntry = {
    day,
    year: reg.year,
    id: reg.id,
    scanKey: reg.adharFilePath,
    reason,
    ...(reg.farmerID ? { farmerID: reg.farmerID } : {}),
  };
  return [{ Put: { TableName: tableName(), Item: { ...purgeKey(day, reg.year, reg.id), type: 'purge', ...entry } } }];
}
