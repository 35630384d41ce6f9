import { padId } from './counters';
import { TABLE_DEFINITION, type IndexName } from './table-definition';

/**
 * One definition per stored item type (docs/data-model.md names where each is declared): its key, the index
 * attributes a record is stored under, the attributes it stores, and the mapping between the stored item and
 * the record the services work with. Repositories build keys, index attributes and records only through it.
 * Why the project's own and not a library: docs/decisions/0015-stored-items.md.
 */
export type Key = { pk: string; sk: string };
export type Item = Record<string, unknown>;
export type IndexKeys = Partial<Record<`${IndexName}pk` | `${IndexName}sk`, string>>;

/** Attributes that place an item in the table or an index; never part of a record. */
export const KEY_ATTRIBUTES: readonly string[] = [
  TABLE_DEFINITION.partitionKey,
  TABLE_DEFINITION.sortKey,
  ...TABLE_DEFINITION.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
];

export interface EntitySpec<T, Id, A extends readonly (keyof T & string)[]> {
  /** The item's name in docs/data-model.md. */
  name: string;
  key: (id: Id) => Key;
  idOf: (record: T) => Id;
  /** Index attributes of a record; an index left out keeps the record out of it (a sparse index). */
  indexes: (record: T) => IndexKeys;
  /** Every attribute the record stores besides the key and index attributes (the compiler checks the list). */
  attributes: A;
}

export interface Entity<T, Id> {
  readonly name: string;
  readonly attributes: readonly (keyof T & string)[];
  // Function-valued properties, not methods: they use no `this` and are passed around as values (`ids.map(entity.key)`).
  readonly key: (id: Id) => Key;
  readonly idOf: (record: T) => Id;
  readonly indexes: (record: T) => IndexKeys;
  /** The item to store: key, index attributes, then the record. */
  readonly toItem: (record: T) => Item;
  /** The record of a stored item (key and index attributes left out); undefined for no item. */
  readonly fromItem: (item: Item | undefined) => T | undefined;
  readonly fromItems: (items: readonly Item[]) => T[];
}

/** Compiles only when `A` names every attribute of T. */
type ListsEvery<T, A extends readonly unknown[]> = [Exclude<keyof T, A[number]>] extends [never]
  ? unknown
  : { attributesMissing: Exclude<keyof T, A[number]> };

/** `defineEntity<CropItem>()({ ... })`: T is given, the rest is inferred. */
export function defineEntity<T extends object>() {
  return <Id, const A extends readonly (keyof T & string)[]>(spec: EntitySpec<T, Id, A> & ListsEvery<T, A>): Entity<T, Id> => {
    const fromItem = (item: Item | undefined): T | undefined => {
      if (!item) return undefined;
      const record: Item = {};
      for (const [name, value] of Object.entries(item)) if (!KEY_ATTRIBUTES.includes(name)) record[name] = value;
      return record as T;
    };
    return {
      name: spec.name,
      attributes: spec.attributes,
      key: spec.key,
      idOf: spec.idOf,
      indexes: spec.indexes,
      toItem: (record) => ({ ...spec.key(spec.idOf(record)), ...spec.indexes(record), ...record }),
      fromItem,
      fromItems: (items) => items.map((i) => fromItem(i)!),
    };
  };
}

/**
 * Index attributes of a catalogue record (docs/data-model.md, "Catalogue: shared rules"): gsi1 holds every
 * record, gsi2 only the active ones, both sorted by the padded id.
 */
export const catalogueIndexes = (partitions: { all: string; active: string }, id: number, isActive: boolean): IndexKeys => ({
  gsi1pk: partitions.all,
  gsi1sk: padId(id),
  ...(isActive ? { gsi2pk: partitions.active, gsi2sk: padId(id) } : {}),
});
