import { catalogueIndexes, defineEntity } from '../lib/entity';
import { getRecord, getRecords, listCatalogue } from '../lib/entity-reads';

/**
 * Producer (docs/data-model.md, "Producers").
 *
 * PRODUCER#<id> / PRODUCER                     the producer
 *   gsi1: PRODUCERS / <padded id>              every producer (list with includeInactive)
 *   gsi2: PRODUCERS#ACTIVE / <padded id>       only while active (sparse: the default list)
 * PRODUCERAADHAAR#<hmac> / PRODUCERAADHAAR     one producer per Aadhaar number; holds producerID
 */
export interface ProducerItem {
  producerID: number;
  name: string;
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
    'name',
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

export const getProducer = (id: number, consistent = false) => getRecord(producerEntity, id, consistent);

export const getProducers = (ids: number[]) => getRecords(producerEntity, ids);

export const listProducers = (o: { includeInactive: boolean; search?: string; take: number }) =>
  listCatalogue(producerEntity, PRODUCER_PARTITIONS, o);
