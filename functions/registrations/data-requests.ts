import { randomBytes } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '../lib/dynamo-commands';
import { statusOf } from '@shared/allocation-status';
import type {
  DataRequestKind,
  DataRequestListQuery,
  DataRequestReply,
  DataRequestStatus,
  ResolveDataRequestInput,
} from '@shared/schemas/records';
import { cancelRegistration } from './cancel';
import type { AuditTrail } from '../lib/audit-log';
import { docClient, tableName } from '../lib/aws';
import type { Caller } from '../lib/caller';
import { padId } from '../lib/counters';
import { AppError, conflict, notFound } from '../lib/errors';
import { log, redactDigitRuns } from '../lib/log';
import { queryAll } from '../lib/query';
import { cancellationReasons, withRetry } from '../lib/retry';
import { kolkataDay } from '../lib/stats';
import { getRegistration, type RegistrationItem } from './registration-entity';
import { erasePersonalData } from './erasure';
import { deleteScan } from './scan-delete';

/**
 * Requests about the farmer's data (docs/decisions/0023-records.md, section 4; docs/data-model.md):
 *
 *   DATAREQ / <id>                                  one request; ids grow with time, so the partition reads newest first
 *   DATAREQOPEN#<year>#<id10>#<kind> / DATAREQOPEN  while a request of that kind for the registration is open
 *
 * The open marker makes a burst of the same request one request: the first creates both, the others find the
 * marker and answer with the request it names. Requests come by the dozen in a season, so the admins' list
 * reads the one partition.
 */
const REQ_PK = 'DATAREQ';
const reqKey = (id: string) => ({ pk: REQ_PK, sk: id });
const openKey = (year: number, id: number, kind: DataRequestKind) => ({
  pk: `DATAREQOPEN#${year}#${padId(id)}#${kind}`,
  sk: 'DATAREQOPEN',
});

interface DataRequestItem {
  id: string;
  kind: DataRequestKind;
  details: string;
  status: DataRequestStatus;
  createdAt: string;
  year: number;
  registrationID: number;
  farmerID?: number;
  name: string;
  resolvedAt?: string;
  resolvedBy?: string;
  note?: string;
  erased?: string;
}

const newRequestId = () => `DR${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

export const toReply = (r: DataRequestItem): DataRequestReply => ({
  id: r.id,
  kind: r.kind,
  details: r.details,
  status: r.status,
  createdAt: r.createdAt,
  registration: { id: r.registrationID, year: r.year },
  farmerID: r.farmerID ?? null,
  name: r.name,
  resolvedAt: r.resolvedAt ?? null,
  resolvedBy: r.resolvedBy ?? null,
  note: r.note ?? null,
  erased: r.erased ?? null,
});

async function readRequest(id: string): Promise<DataRequestItem | undefined> {
  const out = await withRetry(() =>
    docClient().send(new GetCommand({ TableName: tableName(), Key: reqKey(id), ConsistentRead: true })),
  );
  return out.Item as DataRequestItem | undefined;
}

/**
 * The letter holder's request about that registration alone: created once per registration and kind while one is
 * open (201), else the open one (200).
 */
export async function createDataRequest(
  reg: RegistrationItem,
  kind: DataRequestKind,
  details: string,
  audit: AuditTrail,
): Promise<{ created: boolean; request: DataRequestReply }> {
  const item: DataRequestItem = {
    id: newRequestId(),
    kind,
    // A farmer may write an Aadhaar number into the text: it is never stored in clear.
    details: redactDigitRuns(details),
    status: 'open',
    createdAt: new Date().toISOString(),
    year: reg.year,
    registrationID: reg.id,
    // Not the farmer record the registration links to: the request is about this registration alone.
    name: reg.name,
  };
  const guard = openKey(reg.year, reg.id, kind);
  try {
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...guard, requestId: item.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...reqKey(item.id), type: 'data-request', ...item },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          audit.put(
            { type: 'data-request', id: item.id, year: reg.year },
            { summary: `${kind} asked for registration ${reg.id}` },
          ),
        ],
      }),
    );
    log.info('data request', { kind, year: reg.year });
    return { created: true, request: toReply(item) };
  } catch (e) {
    if (cancellationReasons(e)[0]?.Code !== 'ConditionalCheckFailed') throw e;
    const open = await withRetry(() =>
      docClient().send(new GetCommand({ TableName: tableName(), Key: guard, ConsistentRead: true })),
    );
    const existing = open.Item ? await readRequest(String(open.Item.requestId)) : undefined;
    if (!existing) throw e;
    return { created: false, request: toReply(existing) };
  }
}

async function allRequests(): Promise<DataRequestItem[]> {
  const items = await withRetry(() =>
    queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': REQ_PK },
      ConsistentRead: true,
      ScanIndexForward: false,
    }),
  );
  return items as unknown as DataRequestItem[];
}

export async function listDataRequests(q: DataRequestListQuery): Promise<{ items: DataRequestReply[] }> {
  const all = await allRequests();
  return { items: all.filter((r) => q.status === 'all' || r.status === q.status).map(toReply) };
}

/** The requests of one farmer (by the farmer record, else by the registrations shown). */
export async function requestsOf(
  farmerID: number | undefined,
  regs: { year: number; id: number }[],
): Promise<DataRequestReply[]> {
  const mine = new Set(regs.map((r) => `${r.year}#${r.id}`));
  return (await allRequests())
    .filter((r) => (farmerID && r.farmerID === farmerID) || mine.has(`${r.year}#${r.registrationID}`))
    .map(toReply);
}

const ERASURE_REASON = 'Erasure asked for by the farmer';

/**
 * What an erasure removes. An unbilled registration still in the running is cancelled (its place goes to the
 * next farmer), its scan deleted and its personal data erased, with the farmer record when nothing else needs
 * it (erasure.ts); on a billed one the bill and the registration it names stay (bills are kept by law) and only
 * the scan is deleted now.
 */
async function erase(reg: RegistrationItem, caller: Caller, audit: AuditTrail): Promise<string> {
  const done: string[] = [];
  const status = statusOf(reg);
  if (!reg.isBilled && status !== 'cancelled' && status !== 'expired') {
    try {
      // The cancellation is its own entry (registration.cancel) beside the request's resolution.
      await cancelRegistration(reg, { staff: { caller, reason: ERASURE_REASON } }, audit.as('registration.cancel'));
      done.push('registration cancelled, its place given to the next farmer');
    } catch (e) {
      // Billed, expired or cancelled meanwhile: nothing left to cancel.
      if (!(e instanceof AppError && e.code === 'CONFLICT')) throw e;
    }
  }
  if (reg.adharFilePath && !reg.scanDeletedOn) {
    await deleteScan({ year: reg.year, id: reg.id, scanKey: reg.adharFilePath, farmerID: reg.farmerID }, kolkataDay());
    done.push('Aadhaar scan deleted');
  }
  if (reg.isBilled) done.push('bill kept with the registration it names (the law keeps bills)');
  else done.push(...(await erasePersonalData(reg, audit)));
  return done.length ? done.join('; ') : 'nothing left to erase';
}

/** An admin resolves an open request (once: 409 after). An erasure done is carried out before it is marked. */
export async function resolveDataRequest(
  id: string,
  input: ResolveDataRequestInput,
  caller: Caller,
  audit: AuditTrail,
): Promise<DataRequestReply> {
  const req = await readRequest(id);
  if (!req) throw notFound(`No data request ${id}`);
  if (req.status !== 'open') throw conflict(`Request ${id} is already ${req.status}.`);
  let erased: string | undefined;
  if (input.outcome === 'done' && req.kind === 'erasure') {
    const reg = await withRetry(() => getRegistration(req.year, req.registrationID, true));
    erased = reg ? await erase(reg, caller, audit) : 'registration not found; nothing erased';
  }
  const now = new Date().toISOString();
  const note = input.note?.trim() ?? '';
  try {
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: reqKey(id),
              UpdateExpression: `SET #status = :status, resolvedAt = :now, resolvedBy = :by, note = :note${erased ? ', erased = :erased' : ''}`,
              ConditionExpression: '#status = :open',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':status': input.outcome,
                ':now': now,
                ':by': caller.name,
                ':note': redactDigitRuns(note),
                ':open': 'open',
                ...(erased ? { ':erased': erased } : {}),
              },
            },
          },
          { Delete: { TableName: tableName(), Key: openKey(req.year, req.registrationID, req.kind) } },
          audit.put(
            { type: 'data-request', id, year: req.year },
            {
              summary: `${req.kind} ${input.outcome}${erased ? `: ${erased}` : ''}`,
              fields: [{ field: 'status', before: 'open', after: input.outcome }],
            },
          ),
        ],
      }),
    );
  } catch (e) {
    if (cancellationReasons(e)[0]?.Code !== 'ConditionalCheckFailed') throw e;
    const now2 = await readRequest(id);
    throw conflict(`Request ${id} is already ${now2?.status ?? 'resolved'}.`);
  }
  return toReply((await readRequest(id))!);
}
