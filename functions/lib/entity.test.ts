import { describe, expect, it } from 'vitest';
import { catalogueIndexes, defineEntity } from './entity';

interface Thing {
  thingID: number;
  name: string;
  isActive: boolean;
  note?: string;
}

const thingEntity = defineEntity<Thing>()({
  name: 'Thing',
  key: (id: number) => ({ pk: `THING#${id}`, sk: 'THING' }),
  idOf: (t) => t.thingID,
  indexes: (t) => catalogueIndexes({ all: 'THINGS', active: 'THINGS#ACTIVE' }, t.thingID, t.isActive),
  attributes: ['thingID', 'name', 'isActive', 'note'],
});

const thing: Thing = { thingID: 12, name: 'a', isActive: true };

describe('defineEntity', () => {
  it('stores a record under its key and index attributes, and reads back the record alone', () => {
    const item = thingEntity.toItem(thing);
    expect(item).toEqual({
      pk: 'THING#12',
      sk: 'THING',
      gsi1pk: 'THINGS',
      gsi1sk: '0000000012',
      gsi2pk: 'THINGS#ACTIVE',
      gsi2sk: '0000000012',
      ...thing,
    });
    expect(thingEntity.fromItem(item)).toEqual(thing);
    expect(thingEntity.fromItems([item, item])).toEqual([thing, thing]);
    expect(thingEntity.fromItem(undefined)).toBeUndefined();
  });

  it('keeps an inactive record out of the active index (sparse)', () => {
    const item = thingEntity.toItem({ ...thing, isActive: false });
    expect(item).toMatchObject({ gsi1pk: 'THINGS' });
    expect(item).not.toHaveProperty('gsi2pk');
    expect(item).not.toHaveProperty('gsi2sk');
  });

  it('keeps attributes another area added to a stored item, and drops every key attribute', () => {
    const stored = { pk: 'THING#1', sk: 'THING', gsi3pk: 'x', gsi3sk: 'y', thingID: 1, addedElsewhere: 'z' };
    expect(thingEntity.fromItem(stored)).toEqual({ thingID: 1, addedElsewhere: 'z' });
  });

  it('does not compile when an attribute of the record is not listed', () => {
    const define = defineEntity<{ id: number; name: string }>();
    const spec = {
      name: 'T',
      key: (id: number) => ({ pk: `T#${id}`, sk: 'T' }),
      idOf: (t: { id: number }) => t.id,
      indexes: () => ({}),
    };
    // @ts-expect-error 'name' is missing from attributes
    define({ ...spec, attributes: ['id'] });
    const ok = define({ ...spec, attributes: ['id', 'name'] });
    expect(ok.toItem({ id: 1, name: 'a' })).toEqual({ pk: 'T#1', sk: 'T', id: 1, name: 'a' });
  });
});
