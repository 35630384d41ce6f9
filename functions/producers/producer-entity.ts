import { catalogueIndexes, defineEntity } from '../lib/entity';
import { getRecord, getRecords, listCatalogue } from '../lib/entity-reads';

/**
 * Producer (docs/data-model.md, "Producers").
 *
 * PRODUCER#<id> / PRODUCER                     the producer
 *   gsi1: PRODUCERS / <padded id>              every producer (list with includeInactive)
 *   gsi2: PRODUCERS#ACTIVE / <padded id>       only while active (sparse: the default list)
 * PRODUCERAADHAAR#<hmac> / PRODUCERAADHAAR     one producer per Aadhaar number (a person); holds producerID
 * PRODUCERREG#<number> / PRODUCERREG           one producer per registration number (an organisation)
 */
export interface ProducerItem {
  producerID: number;
  /** Absent on a person (every producer stored before organisations is one). */
  kind?: 'organisation';
  name: string;
  /** An organisation's registration number (capitals, spaces tidied). */
  registrationNumber?: string;
  /** A person's Aadhaar number, sealed; '' for an organisation (as its hash and last 4). */
  aadhaarEnc: string;
  aadhaarHash: string;
  aadhaarLast4: string;
  contactNumber: string;
  address: string;
  isActive: boolean;
  searchText: string;
  createdOn: string;
  updatedOn?: string;
}

export const PRODUCER_PARTITIONS = { all: 'PRODUCERS', active: 'PRODUCERS#ACTIVE' } as const;

export const producerEntity = defineEntity<ProducerItem>()({
  name: 'Producer',
  key: (id: number) => ({ pk: `PRODUCER#${id}`, sk: 'PRODUCER' }),
  idOf: (p) => p.producerID,
  indexes: (p) => catalogueIndexes(PRODUCER_PARTITIONS, p.producerID, p.isActive),
  attributes: [
    'producerID',
    'kind',
    'name',
    'registrationNumber',
    'aadhaarEnc',
    'aadhaarHash',
    'aadhaarLast4',
    'contactNumber',
    'address',
    'isActive',
    'searchText',
    'createdOn',
    'updatedOn',
  ],
});

export const producerKey = producerEntity.key;
export const producerAadhaarClaimKey = (hash: string) => ({ pk: `PRODUCERAADHAAR#${hash}`, sk: 'PRODUCERAADHAAR' });
export const producerRegistrationClaimKey = (registrationNumber: string) => ({
  pk: `PRODUCERREG#${registrationNumber.replace(/\s+/g, '')}`,
  sk: 'PRODUCERREG',
});

/** The claim that makes the producer unique: its Aadhaar number's (a person) or its registration number's. */
export const producerClaimKey = (p: Pick<ProducerItem, 'kind' | 'aadhaarHash' | 'registrationNumber'>) =>
  p.kind === 'organisation' ? producerRegistrationClaimKey(p.registrationNumber ?? '') : producerAadhaarClaimKey(p.aadhaarHash);

export const getProducer = (id: number, consistent = false) => getRecord(producerEntity, id, consistent);

export const getProducers = (ids: number[]) => getRecords(producerEntity, ids);

export const listProducers = (o: { includeInactive: boolean; search?: string; take: number }) =>
  listCatalogue(producerEntity, PRODUCER_PARTITIONS, o);
