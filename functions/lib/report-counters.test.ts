import { beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from './env';
import { billDelta, creationDelta, REPORT_SHARDS, reportCounterUpdate } from './report-counters';

beforeEach(() => {
  Object.assign(process.env, { TABLE_NAME: 'unit', JWT_SECRET: 'x'.repeat(40) });
  resetEnvCache();
});

const subject = { year: 2026, id: 1234, cropId: 7, district: 'Kanpur Nagar', category: 'OBC', gender: 'महिला' };

describe('the report counter update', () => {
  it('adds the delta to the India day of the event and the registration’s combination, sharded by its number', () => {
    // 20:00 UTC is already the next day in India.
    const { Update } = reportCounterUpdate(subject, { registrations: 1, confirmed: 1 }, '2026-03-04T20:00:00.000Z');
    expect(Update?.Key).toEqual({ pk: 'RPT#2026#2026-03-05', sk: `7#Kanpur Nagar#OBC#महिला#${1234 % REPORT_SHARDS}` });
    expect(Update?.UpdateExpression).toBe(
      'SET cropId = :cropId, #district = :district, #category = :category, #gender = :gender, #day = :day ADD #registrations :registrations, #confirmed :confirmed',
    );
    expect(Update?.ExpressionAttributeValues).toMatchObject({ ':registrations': 1, ':confirmed': 1, ':day': '2026-03-05' });
    expect(Update?.ConditionExpression).toBeUndefined();
  });

  it('is the same update when built again for the same event (a resent transaction stays the same request)', () => {
    const at = new Date('2026-06-01T06:00:00Z');
    expect(reportCounterUpdate(subject, { noShows: 1 }, at)).toEqual(reportCounterUpdate(subject, { noShows: 1 }, at));
  });

  it('counts a new registration as placed, a bill by its payment mode, and a credit note as the bill taken back', () => {
    expect(creationDelta('confirmed')).toEqual({ registrations: 1, confirmed: 1 });
    expect(creationDelta(undefined)).toEqual({ registrations: 1, confirmed: 1 });
    expect(creationDelta('waitlisted')).toEqual({ registrations: 1, waitlisted: 1 });
    expect(creationDelta('applied')).toEqual({ registrations: 1 });
    const bill = { quantityGrams: 40_000, totalPaise: 130_000 };
    expect(billDelta({ ...bill, paymentMode: 'Cash' }, 1)).toEqual({ billed: 1, grams: 40_000, cashPaise: 130_000 });
    expect(billDelta({ ...bill, paymentMode: 'Online' }, -1)).toEqual({ billed: -1, grams: -40_000, onlinePaise: -130_000 });
  });
});
