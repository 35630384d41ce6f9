import { AADHAAR_RE, stripAadhaar } from '@shared/schemas/common';
import type { ProducerInput, ProducerListQuery, ProducerResponse } from '@shared/schemas/producers';
import { aadhaarHash, sealAadhaar } from '../lib/aadhaar-vault';
import { aadhaarForView } from '../lib/aadhaar-views';
import type { Caller } from '../lib/caller';
import { nextValue } from '../lib/counters';
import { conflict, notFound } from '../lib/errors';
import { insertProducer, producerIdByAadhaarHash, setProducerActive, updateProducer, type ProducerChange } from './repository';
import { getProducer, listProducers, type ProducerItem } from './producer-entity';
import { activeFlagEntry, fieldChanges, type AuditTrail } from '../lib/audit-log';
import { searchTextOf } from '../lib/query';

/**
 * The Aadhaar number in clear only where given (an admin's audited single view, see get()); lists, sellers and
 * the replies to writes carry the last 4 digits.
 */
function toResponse(p: ProducerItem, aadhaarNumber: string | null = null): ProducerResponse {
  return {
    producerID: p.producerID,
    kind: p.kind ?? 'person',
    name: p.name,
    registrationNumber: p.registrationNumber ?? '',
    aadhaarNumber,
    aadhaarLast4: p.aadhaarLast4,
    contactNumber: p.contactNumber ?? '',
    address: p.address ?? '',
    isActive: p.isActive,
    createdOn: p.createdOn,
    ...(p.updatedOn ? { updatedOn: p.updatedOn } : {}),
  };
}

const producerSearchText = (
  p: Pick<ProducerItem, 'name' | 'contactNumber' | 'address' | 'aadhaarLast4' | 'registrationNumber'>,
) => searchTextOf(p.name, p.contactNumber, p.address, p.aadhaarLast4, p.registrationNumber ?? '');

const takenMessage = (input: ProducerInput, id?: number) =>
  `A producer with this ${input.kind === 'organisation' ? 'registration' : 'Aadhaar'} number already exists${id ? ` (ID ${id})` : ''}`;

/** What identifies the producer, as stored: a person's Aadhaar sealed, or an organisation's registration number. */
async function identityOf(input: ProducerInput, current?: ProducerItem) {
  if (input.kind === 'organisation') {
    return {
      kind: 'organisation' as const,
      registrationNumber: input.registrationNumber,
      aadhaarEnc: '',
      aadhaarHash: '',
      aadhaarLast4: '',
    };
  }
  const hash = await aadhaarHash(input.aadhaarNumber);
  const sealed =
    current && hash === current.aadhaarHash
      ? { aadhaarEnc: current.aadhaarEnc, aadhaarHash: hash, aadhaarLast4: current.aadhaarLast4 }
      : await sealAadhaar(input.aadhaarNumber);
  return { kind: undefined, registrationNumber: undefined, ...sealed };
}

/** Lists never carry full Aadhaar numbers. A 12-digit search is an exact Aadhaar lookup (keyed hash). */
export async function list(q: ProducerListQuery): Promise<ProducerResponse[]> {
  const search = q.search?.trim();
  if (search && AADHAAR_RE.test(stripAadhaar(search))) {
    const id = await producerIdByAadhaarHash(await aadhaarHash(stripAadhaar(search)));
    const p = id ? await getProducer(id) : undefined;
    return p && (p.isActive || q.includeInactive) ? [toResponse(p)] : [];
  }
  const items = await listProducers({ includeInactive: q.includeInactive, search: search || undefined, take: q.take });
  return items.map((p) => toResponse(p));
}

export async function requireProducer(id: number): Promise<ProducerItem> {
  const p = await getProducer(id);
  if (!p) throw notFound(`Producer ${id} not found`);
  return p;
}

/**
 * GET /api/producers/{id}: the one reply with the Aadhaar in clear, to admins only, each time audited. An
 * organisation has no Aadhaar number: nothing is shown, so nothing is audited.
 */
export async function get(id: number, caller: Caller | null, sourceIp: string): Promise<ProducerResponse> {
  const p = await requireProducer(id);
  if (p.kind === 'organisation') return toResponse(p);
  return toResponse(p, await aadhaarForView(caller, sourceIp, p.aadhaarEnc, { type: 'producer', id: p.producerID }));
}

/** What an entry shows of a producer: the Aadhaar number only named as changed. */
const PRODUCER_FIELDS = ['kind', 'name', 'registrationNumber', 'contactNumber', 'address', 'aadhaarHash'] as const;
const hideAadhaar = (fields: readonly { field: string; before?: unknown; after?: unknown }[]) =>
  fields.map((f) => (f.field === 'aadhaarHash' ? { ...f, field: 'aadhaarNumber' } : f));

export async function create(input: ProducerInput, audit: AuditTrail): Promise<ProducerResponse> {
  const { kind, registrationNumber, ...sealed } = await identityOf(input);
  const item: ProducerItem = {
    producerID: await nextValue('producers'),
    ...(kind ? { kind, registrationNumber } : {}),
    name: input.name,
    ...sealed,
    contactNumber: input.contactNumber ?? '',
    address: input.address ?? '',
    isActive: true,
    searchText: '',
    createdOn: new Date().toISOString(),
  };
  item.searchText = producerSearchText(item);
  const out = await insertProducer(
    item,
    audit.put(
      { type: 'producer', id: item.producerID },
      {
        summary: `producer ${item.name} created`,
        fields: hideAadhaar(fieldChanges(undefined, item, PRODUCER_FIELDS, ['aadhaarHash'])),
      },
    ),
  );
  if (!out.ok) throw conflict(takenMessage(input, out.takenBy), { producerID: out.takenBy });
  return toResponse(item);
}

export async function update(id: number, input: ProducerInput, audit: AuditTrail): Promise<ProducerResponse> {
  const current = await getProducer(id, true);
  if (!current) throw notFound(`Producer ${id} not found`);
  const next: ProducerChange = {
    ...(await identityOf(input, current)),
    name: input.name,
    contactNumber: input.contactNumber ?? '',
    address: input.address ?? '',
    searchText: '',
  };
  next.searchText = producerSearchText(next);
  const fields = hideAadhaar(fieldChanges(current, { ...current, ...next }, PRODUCER_FIELDS, ['aadhaarHash']));
  const out = await updateProducer(current, next, audit.put({ type: 'producer', id }, { fields }));
  if (!out.ok) {
    if (out.reason === 'identity-taken') throw conflict(takenMessage(input, out.takenBy), { producerID: out.takenBy });
    throw conflict('This producer was changed by someone else at the same time. Reload and try again.');
  }
  return toResponse({ ...current, ...next, updatedOn: new Date().toISOString() });
}

export async function setActive(id: number, active: boolean, audit: AuditTrail): Promise<ProducerResponse> {
  const p = await setProducerActive(id, active, activeFlagEntry(audit, { type: 'producer', id }, active));
  if (!p) throw notFound(`Producer ${id} not found`);
  return toResponse(p);
}
