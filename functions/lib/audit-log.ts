import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { TransactWriteCommandInput } from './dynamo-commands';
import { PutCommand } from './dynamo-commands';
import type { AuditAction, CallerAuditAction, WriteAuditAction } from '@shared/audit-actions';
import { docClient, tableName } from './aws';
import type { Caller } from './caller';
import { redactDigitRuns } from './log';
import { queryAll } from './query';
import { isConditionalFailure, withRetry } from './retry';
import { kolkataDay } from './stats';

/**
 * The audit log (docs/invariants.md#9-append-only-audit-log, docs/decisions/0023-records.md section 2):
 * append-only, one item per event. Every staff write records one entry in the same transaction as the change
 * (`AuditTrail.put`); every view of an Aadhaar number in clear and every link to a scan records one before the
 * answer leaves. No route changes or deletes an entry.
 *
 *   AUDIT#<YYYY-MM-DD> / <at ISO>#<event id>     one day's events in time order (India day)
 *
 * An entry never holds an Aadhaar number: it names the record, not what it showed, and every free text in it
 * is kept free of 12-digit runs.
 */
export type { AuditAction };

export type AuditSubjectType =
  | 'registration'
  | 'farmer'
  | 'producer'
  | 'crop'
  | 'lot'
  | 'invoice'
  | 'credit-note'
  | 'user'
  | 'role'
  | 'config'
  | 'settings'
  | 'content-block'
  | 'announcement'
  | 'allocation'
  | 'data-request'
  | 'day-close'
  | 'season-close'
  | 'reconciliation'
  | 'sms'
  | 'sms-template'
  | 'sms-opt-out'
  // the offline counter (docs/decisions/0048-offline-counter.md)
  | 'counter';

export interface AuditSubject {
  type: AuditSubjectType;
  id: number | string;
  /** Registrations and pools are per year. */
  year?: number;
}

/** What changed: a one-line summary, and before -> after of the fields where that matters (settings, stock). */
export interface AuditChange {
  summary?: string;
  fields?: readonly { field: string; before?: unknown; after?: unknown }[];
}

export interface AuditEntry {
  eventId: string;
  at: string;
  action: AuditAction;
  userID: number;
  userName: string;
  roles: string[];
  sourceIp: string;
  subjectType: AuditSubjectType;
  subjectId: number | string;
  subjectYear?: number;
  summary?: string;
  changes?: { field: string; before: string; after: string }[];
}

/** Who acts: a signed-in account, or a farmer holding a letter's link (public routes). */
export const FARMER_ACTOR: Caller = { userID: 0, name: 'Farmer (letter holder)', email: '', roles: ['farmer'] };
/** The product itself, undoing or repairing derived data (the stream's consumers, the reconciliation). */
export const SYSTEM_ACTOR: Caller = { userID: 0, name: 'System', email: '', roles: [] };

export const auditKey = (day: string, at: string, eventId: string) => ({ pk: `AUDIT#${day}`, sk: `${at}#${eventId}` });

/** The partition key of a log entry. */
export const isAuditPk = (pk: unknown): pk is string => typeof pk === 'string' && pk.startsWith('AUDIT#');

/** A stored item of the log (as the table's stream gives it). */
export const isAuditItem = (item: Record<string, unknown>): item is { pk: string; sk: string } =>
  isAuditPk(item.pk) && typeof item.sk === 'string';

/** The archive's object of an entry: audit/<India day>/<at>#<event id>.json, one per entry. */
export const archiveKeyOf = (item: { pk: string; sk: string }) => `audit/${item.pk.slice('AUDIT#'.length)}/${item.sk}.json`;

const MAX_TEXT = 300;

/** Free text from accounts, clients and records: no 12-digit run, bounded in length. */
function clean(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const safe = redactDigitRuns(text ?? '');
  return safe.length > MAX_TEXT ? `${safe.slice(0, MAX_TEXT - 1)}…` : safe;
}

export function auditEntry(
  action: AuditAction,
  caller: Caller,
  sourceIp: string,
  subject: AuditSubject,
  change?: AuditChange,
  now = new Date(),
): AuditEntry {
  const changes = change?.fields
    ?.filter((f) => JSON.stringify(f.before) !== JSON.stringify(f.after))
    .map((f) => ({ field: clean(f.field), before: clean(f.before), after: clean(f.after) }));
  return {
    eventId: randomUUID(),
    at: now.toISOString(),
    action,
    userID: caller.userID,
    userName: clean(caller.name),
    roles: [...caller.roles],
    // An IPv4 address can hold twelve digits: kept when it is one, redacted like free text otherwise.
    sourceIp: isIP(sourceIp) ? sourceIp : redactDigitRuns(sourceIp),
    subjectType: subject.type,
    subjectId: typeof subject.id === 'string' ? clean(subject.id) : subject.id,
    ...(subject.year ? { subjectYear: subject.year } : {}),
    ...(change?.summary ? { summary: clean(change.summary) } : {}),
    ...(changes?.length ? { changes } : {}),
  };
}

const itemOf = (entry: AuditEntry) => ({
  ...auditKey(kolkataDay(new Date(entry.at)), entry.at, entry.eventId),
  type: 'audit',
  ...entry,
});

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type AuditTransactItem = TransactItem;

/**
 * The entry as one item of the write's own transaction: it exists exactly when the change does. No condition:
 * the key is new (a random id), and a condition would add a cancellation reason for callers to decode.
 */
export function auditTransactPut(entry: AuditEntry): TransactItem {
  return { Put: { TableName: tableName(), Item: itemOf(entry) } };
}

/** Writes one entry on its own; a resend after a lost answer finds its own item (same key) and counts as written. */
export async function writeAuditEntry(entry: AuditEntry): Promise<AuditEntry> {
  await withRetry(
    () =>
      docClient()
        .send(new PutCommand({ TableName: tableName(), Item: itemOf(entry), ConditionExpression: 'attribute_not_exists(pk)' }))
        .catch((e: unknown) => {
          if (!isConditionalFailure(e)) throw e;
        }),
    { attempts: 5 },
  );
  return entry;
}

export async function appendAudit(
  action: AuditAction,
  caller: Caller,
  sourceIp: string,
  subject: AuditSubject,
  change?: AuditChange,
): Promise<AuditEntry> {
  return writeAuditEntry(auditEntry(action, caller, sourceIp, subject, change));
}

/**
 * A write route's audit trail, given to its handler as `ctx.audit`: the route's action and who calls, so a
 * service only names what it changed. `put` for a change made in a DynamoDB transaction (add it to the
 * transaction), `write` for a change that is not one.
 */
type TrailAction = WriteAuditAction | CallerAuditAction;

export interface AuditTrail {
  readonly action: TrailAction | null;
  put(subject: AuditSubject, change?: AuditChange): TransactItem;
  write(subject: AuditSubject, change?: AuditChange): Promise<AuditEntry>;
  /** The same caller and address recording another action: a route whose change sets off another (an erasure cancels). */
  as(other: TrailAction): AuditTrail;
}

export function auditTrail(action: TrailAction | null, caller: Caller | null, sourceIp: string): AuditTrail {
  const actionOrFail = (): TrailAction => {
    if (!action) throw new Error('This route records no audit entry (shared/audit-actions.ts)');
    return action;
  };
  const who = caller ?? FARMER_ACTOR;
  return {
    action,
    put: (subject, change) => auditTransactPut(auditEntry(actionOrFail(), who, sourceIp, subject, change)),
    write: (subject, change) => writeAuditEntry(auditEntry(actionOrFail(), who, sourceIp, subject, change)),
    as: (other) => auditTrail(other, caller, sourceIp),
  };
}

/** Shown for a field whose value the log never holds (an Aadhaar number, a password). */
const HIDDEN = '(hidden)';

/**
 * before -> after of the named fields that differ. The `hidden` ones are named as changed, never shown: the
 * entry says an Aadhaar number changed, not what it was or became.
 */
export function fieldChanges<T extends object>(
  before: T | undefined,
  after: T,
  fields: readonly (keyof T & string)[],
  hidden: readonly (keyof T & string)[] = [],
): NonNullable<AuditChange['fields']> {
  const out: { field: string; before?: unknown; after?: unknown }[] = [];
  // Absent, null and '' are all "nothing": a change between them is no change.
  const value = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : v);
  for (const field of fields) {
    const b = value(before?.[field]);
    const a = value(after[field]);
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    const shown = (v: unknown) => (v === undefined || v === '' ? '' : HIDDEN);
    out.push(
      hidden.includes(field)
        ? { field, before: shown(b), after: `${shown(a) || '(none)'}, changed` }
        : { field, before: b, after: a },
    );
  }
  return out;
}

/** The entry of a catalogue record inactivated or restored, made of the record as it was. */
export const activeFlagEntry =
  (audit: AuditTrail, subject: AuditSubject, active: boolean) =>
  (before: { isActive?: unknown }): TransactItem =>
    audit.put(subject, {
      summary: active ? 'restored' : 'deactivated',
      fields: [{ field: 'isActive', before: before.isActive, after: active }],
    });

/** One India day's entries, newest first (the only read of the log; nothing changes or deletes an entry). */
export async function readAuditDay(day: string): Promise<AuditEntry[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': auditKey(day, '', '').pk },
    ScanIndexForward: false,
  });
  return items.map(({ pk: _pk, sk: _sk, type: _type, ...entry }) => entry as unknown as AuditEntry);
}
