import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { docClient, tableName } from './aws';
import type { Caller } from './caller';
import { redactDigitRuns } from './log';
import { isConditionalFailure, withRetry } from './retry';
import { kolkataDay } from './stats';

/**
 * The audit log (docs/invariants.md#9-append-only-audit-log): append-only, one item per event, written before the answer
 * that the event is about leaves the server; no route changes or deletes an entry. Today it records every
 * view of an Aadhaar number in clear and every link to an Aadhaar scan (docs/data-model.md, "Audit log").
 *
 *   AUDIT#<YYYY-MM-DD> / <at ISO>#<event id>     one day's events in time order (India day)
 *
 * An entry never holds an Aadhaar number: it names the record viewed, not what it showed.
 */
/**
 * aadhaar.view: a number shown in clear; aadhaar-scan.view: a link to a registration's Aadhaar scan given out;
 * registration.cancel: staff cancelled a registration (its reason is kept on the registration).
 */
export type AuditAction = 'aadhaar.view' | 'aadhaar-scan.view' | 'registration.cancel';
export type AuditSubjectType = 'registration' | 'farmer' | 'producer';

export interface AuditSubject {
  type: AuditSubjectType;
  id: number;
  /** Registrations are numbered per year. */
  year?: number;
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
  subjectId: number;
  subjectYear?: number;
}

export const auditKey = (day: string, at: string, eventId: string) => ({ pk: `AUDIT#${day}`, sk: `${at}#${eventId}` });

/** Writes one entry; a resend after a lost answer finds its own item (same key) and counts as written. */
export async function appendAudit(
  action: AuditAction,
  caller: Caller,
  sourceIp: string,
  subject: AuditSubject,
): Promise<AuditEntry> {
  const now = new Date();
  const entry: AuditEntry = {
    eventId: randomUUID(),
    at: now.toISOString(),
    action,
    userID: caller.userID,
    // Free text from accounts and clients: kept free of any 12-digit run, like the logs.
    userName: redactDigitRuns(caller.name),
    roles: [...caller.roles],
    // An IPv4 address can hold twelve digits: kept when it is one, redacted like free text otherwise.
    sourceIp: isIP(sourceIp) ? sourceIp : redactDigitRuns(sourceIp),
    subjectType: subject.type,
    subjectId: subject.id,
    ...(subject.year ? { subjectYear: subject.year } : {}),
  };
  const item = { ...auditKey(kolkataDay(now), entry.at, entry.eventId), type: 'audit', ...entry };
  await withRetry(
    () =>
      docClient()
        .send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }))
        .catch((e: unknown) => {
          if (!isConditionalFailure(e)) throw e;
        }),
    { attempts: 5 },
  );
  return entry;
}
