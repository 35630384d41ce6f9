import { HOUR_MS, ORPHAN_SCANS_RULE } from '../lib/upload-rules';
import { log } from '../lib/log';
import * as repo from './repository';
import { regKey } from './registration-entity';
import * as scans from './scan-store';

/**
 * Deletes Aadhaar scans that no registration names. A submit copies the accepted scan to
 * aadhaar/<year>/<id10>-<random>.<ext> side by side with booking the slot, then writes the registration; a
 * request that dies in between (crash, timeout) leaves a copy behind, and a scan without a registration must
 * not be kept. No request lasts anywhere near the grace period, so an object older than it is either named
 * by its registration (`adharFilePath`) or an orphan. Keys of another shape are never touched.
 */
const SCAN_KEY = /^aadhaar\/(\d{4})\/(\d{10})-[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export interface SweepResult {
  /** Objects under the prefix. */
  examined: number;
  /** Younger than the grace period: not judged yet. */
  recent: number;
  /** Named by their registration. */
  kept: number;
  deleted: string[];
  /** Keys not of the scan shape: left alone. */
  unrecognised: string[];
}

export async function sweepOrphanScans(o: { now?: Date; graceMs?: number } = {}): Promise<SweepResult> {
  const cutoff = (o.now ?? new Date()).getTime() - (o.graceMs ?? ORPHAN_SCANS_RULE.graceHours * HOUR_MS);
  const result: SweepResult = { examined: 0, recent: 0, kept: 0, deleted: [], unrecognised: [] };
  let token: string | undefined;
  do {
    const page = await scans.listObjects(ORPHAN_SCANS_RULE.prefix, token);
    const candidates: { key: string; year: number; id: number }[] = [];
    for (const { key, modified } of page.objects) {
      result.examined += 1;
      if (modified.getTime() > cutoff) {
        result.recent += 1;
        continue;
      }
      const m = SCAN_KEY.exec(key);
      if (!m) {
        result.unrecognised.push(key);
        continue;
      }
      candidates.push({ key, year: Number(m[1]), id: Number(m[2]) });
    }
    const named = await repo.scanPathsOf(candidates);
    for (const c of candidates) {
      if (named.get(regKey(c.year, c.id).pk) === c.key) {
        result.kept += 1;
        continue;
      }
      await scans.deleteObject(c.key);
      result.deleted.push(c.key);
    }
    token = page.next;
  } while (token);
  if (result.deleted.length || result.unrecognised.length) {
    log.info('orphan scans swept', {
      examined: result.examined,
      deleted: result.deleted.length,
      unrecognised: result.unrecognised.length,
    });
  }
  return result;
}
