import { type AllocationStatus, statusOf } from '@shared/allocation-status';
import { findDistrict } from '@shared/districts';
import { kolkataDate, type RegistrationListReply, type RegistrationRow } from '@shared/schemas/registration';
import type { RegistrationListQuery } from '@shared/schemas/registration-staff';
import { aadhaarHash } from '../lib/aadhaar-vault';
import { badRequest } from '../lib/errors';
import * as repo from './repository';
import { LIST_SHARDS, type RegistrationItem, batchGetRegistrations, registrationsWithId } from './registration-entity';
import { toRow } from './registration-view';

/**
 * The staff Registrations page (GET /api/registrations). Which index answers which filter
 * (docs/data-model.md, "Registrations"):
 *  - id            the key REG#<year>#<id> of each year (BatchGet) -> 1 call
 *  - aadhaar (12)  claims REGCLAIM#<hmac>: one per crop and year -> 1 query + 1 BatchGet
 *  - year, from/to gsi1 REGS#<year>#<shard> / <created>#<id>, the 10 shards read in parallel, newest first
 *  - name, father, village (contains), district, mobile (equal), aadhaar last 4, status (stored without one:
 *    confirmed): filters on the gsi1 range read,
 *    so they cost what the range costs. The work per request is capped at LIST_READ_CAP index items.
 */
export const LIST_READ_CAP = 20_000;
const MAX_YEARS = 5;

type Candidate = { id: number; year: number; gsi1sk: string };

interface Filters {
  name?: string;
  father?: string;
  village?: string;
  district?: string;
  mobile?: string;
  last4?: string;
  status?: AllocationStatus;
  fromKey: string;
  toKey: string;
}

function isoOf(s: string): string {
  return new Date(s).toISOString();
}

function filtersOf(q: RegistrationListQuery): Filters {
  const lc = (s?: string) => (s && s.trim() ? s.trim().toLowerCase() : undefined);
  const district = q.district?.trim() ? (findDistrict(q.district) ?? q.district.trim()).toLowerCase() : undefined;
  return {
    name: lc(q.name),
    father: lc(q.father),
    village: lc(q.village),
    district,
    mobile: q.mobile || undefined,
    last4: q.aadhaar && q.aadhaar.length === 4 ? q.aadhaar : undefined,
    status: q.status,
    fromKey: q.from ? isoOf(q.from) : '0',
    // '~' sorts after every character of '<ISO>#<id>', so the whole of the last instant is included.
    toKey: q.to ? `${isoOf(q.to)}~` : '~',
  };
}

function matches(r: RegistrationItem, f: Filters, year?: number): boolean {
  if (year && r.year !== year) return false;
  if (f.name && !r.nameLc.includes(f.name)) return false;
  if (f.father && !r.fatherLc.includes(f.father)) return false;
  if (f.village && !r.villageLc.includes(f.village)) return false;
  if (f.district && r.districtLc !== f.district) return false;
  if (f.mobile && r.mobileNumber !== f.mobile) return false;
  if (f.last4 && r.aadhaarLast4 !== f.last4) return false;
  if (f.status && statusOf(r) !== f.status) return false;
  return r.gsi1sk >= f.fromKey && r.gsi1sk <= f.toKey;
}

function filterExpression(f: Filters) {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const add = (expr: string, attr: string, value: string) => {
    const n = `#f${parts.length}`;
    const v = `:f${parts.length}`;
    names[n] = attr;
    values[v] = value;
    parts.push(expr.replaceAll('ATTR', n).replace('VAL', v));
  };
  if (f.name) add('contains(ATTR, VAL)', 'nameLc', f.name);
  if (f.father) add('contains(ATTR, VAL)', 'fatherLc', f.father);
  if (f.village) add('contains(ATTR, VAL)', 'villageLc', f.village);
  if (f.district) add('ATTR = VAL', 'districtLc', f.district);
  if (f.mobile) add('ATTR = VAL', 'mobileNumber', f.mobile);
  if (f.last4) add('ATTR = VAL', 'aadhaarLast4', f.last4);
  // Stored without a status means confirmed (registrations made before allocation).
  if (f.status === 'confirmed') add('(attribute_not_exists(ATTR) OR ATTR = VAL)', 'status', f.status);
  else if (f.status) add('ATTR = VAL', 'status', f.status);
  return parts.length ? { expression: parts.join(' AND '), names, values } : {};
}

function yearsOf(q: RegistrationListQuery): number[] {
  if (q.year) return [q.year];
  const current = Number(kolkataDate().slice(0, 4));
  if (!q.from && !q.to) return [current];
  const fromYear = q.from ? Number(kolkataDate(new Date(q.from)).slice(0, 4)) : current - (MAX_YEARS - 1);
  const toYear = q.to ? Number(kolkataDate(new Date(q.to)).slice(0, 4)) : current;
  if (toYear < fromYear) return [];
  const years: number[] = [];
  for (let y = toYear; y >= fromYear && years.length < MAX_YEARS; y--) years.push(y);
  return years;
}

/** Reads the year shards in parallel within the range, newest first, up to the cap. */
async function rangeCandidates(
  q: RegistrationListQuery,
  f: Filters,
): Promise<{ items: Candidate[]; partial: boolean; searchedFrom?: string }> {
  const years = yearsOf(q);
  const shards = years.flatMap((year) => Array.from({ length: LIST_SHARDS }, (_, shard) => ({ year, shard })));
  if (!shards.length) return { items: [], partial: false };
  const perShardCap = Math.ceil(LIST_READ_CAP / shards.length);
  const filter = filterExpression(f);
  let partial = false;
  let searchedFrom: string | undefined;
  const lists = await Promise.all(
    shards.map(async ({ year, shard }) => {
      const out: Candidate[] = [];
      let scanned = 0;
      let start: Record<string, unknown> | undefined;
      do {
        const page = await repo.listShardPage(
          year,
          shard,
          { from: f.fromKey, to: f.toKey },
          filter,
          start,
          Math.min(1000, perShardCap - scanned),
        );
        out.push(...page.items.map((i) => ({ id: Number(i.id), year: Number(i.year), gsi1sk: String(i.gsi1sk) })));
        scanned += page.scanned;
        start = page.last;
      } while (start && scanned < perShardCap);
      if (start) {
        partial = true;
        const reached = String(start.gsi1sk ?? '').split('#')[0];
        if (!searchedFrom || reached > searchedFrom) searchedFrom = reached;
      }
      return out;
    }),
  );
  return { items: lists.flat(), partial, searchedFrom };
}

/** The registrations a list query matches, counted, with their rows read a page at a time. */
export interface RegistrationMatches {
  total: number;
  partial: boolean;
  searchedFrom?: string;
  rows(skip: number, take: number): Promise<RegistrationRow[]>;
}

/** The filters of GET /api/registrations; the list and the exports (functions/exports) read through it. */
export async function findRegistrations(q: RegistrationListQuery): Promise<RegistrationMatches> {
  if (q.from && q.to && isoOf(q.from) > isoOf(q.to)) throw badRequest('"from" must be before "to"', { from: 'from after to' });
  const f = filtersOf(q);
  // Lists show every Aadhaar masked, to admins too (the number in clear is on the single record only).
  const rowsOf = (items: RegistrationItem[]) => items.map((r) => toRow(r));

  if (q.id || (q.aadhaar && q.aadhaar.length === 12)) {
    // Few candidates from the exact indexes; the other filters apply in memory.
    let found: RegistrationItem[];
    if (q.id) found = await registrationsWithId(q.id);
    else {
      const claims = await repo.claimsOfAadhaar(await aadhaarHash(q.aadhaar!));
      found = await batchGetRegistrations(claims.map((c) => ({ year: c.year, id: c.id })));
    }
    if (q.id && q.aadhaar?.length === 12) {
      const hash = await aadhaarHash(q.aadhaar);
      found = found.filter((r) => r.aadhaarHash === hash);
    }
    const all = found.filter((r) => matches(r, f, q.year)).sort((a, b) => (a.gsi1sk < b.gsi1sk ? 1 : -1));
    return { total: all.length, partial: false, rows: async (skip, take) => rowsOf(all.slice(skip, skip + take)) };
  }
  const range = await rangeCandidates(q, f);
  const sorted = range.items.sort((a, b) => (a.gsi1sk < b.gsi1sk ? 1 : a.gsi1sk > b.gsi1sk ? -1 : 0));
  return {
    total: sorted.length,
    partial: range.partial,
    searchedFrom: range.searchedFrom,
    rows: async (skip, take) => {
      const keys = sorted.slice(skip, skip + take);
      const got = await batchGetRegistrations(keys.map((k) => ({ year: k.year, id: k.id })));
      const byKey = new Map(got.map((r) => [`${r.year}#${r.id}`, r]));
      return rowsOf(keys.map((k) => byKey.get(`${k.year}#${k.id}`)).filter((r): r is RegistrationItem => Boolean(r)));
    },
  };
}

export async function listRegistrations(q: RegistrationListQuery): Promise<RegistrationListReply> {
  const found = await findRegistrations(q);
  const items = await found.rows(q.skip, q.take);
  return {
    items,
    total: found.total,
    ...(found.partial ? { partial: true, searchedFrom: found.searchedFrom } : {}),
  };
}
