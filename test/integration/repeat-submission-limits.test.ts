import { beforeAll, describe, expect, it } from 'vitest';
import { FIND_LETTER_LIMITS } from '@functions/registrations/find-letter';
import { useTestApi } from '../support/integration';
import { expectAtMostPerAadhaarChecked } from '../support/letter-limits';
import { settleAfterEachTest } from '../support/started-work';
import {
  newMobile,
  postJson,
  registerFarmer,
  retryRegistration,
  seedFormCrops,
  validFields,
} from '../fixtures/registration-helpers';

/**
 * An identical registration form sent again (without the first request's idempotency key) answers with the
 * existing letter, as "Find my letter" does; it must count against the same limits, or anyone knowing a
 * farmer's other details could guess the mobile number without end.
 */
const { api } = useTestApi();
/** Each burst is awaited in full, also when its test fails: no attempt counts against the next test's limits. */
const work = settleAfterEachTest();

beforeAll(async () => {
  await seedFormCrops();
});

/** The form sent again by someone else: no scan uploaded, a made-up upload key, a fresh idempotency key each. */
const resubmit = (fields: Record<string, unknown>, mobile: unknown) =>
  postJson(api, '/svsregistration', { ...fields, mobile, fileKey: 'pending/AAAAAAAAAAAAAAAAAAAAAA' });

describe('a registration form sent again', () => {
  it('still gets its letter back when identical, within the limit', async () => {
    const f = validFields();
    const reg = await registerFarmer(api, f);
    expect(reg.status, reg.text).toBe(201);
    const again = await resubmit(f, f.mobile);
    expect(again.status, again.text).toBe(200);
    expect(again.json.data).toMatchObject({ id: reg.json.data.id, uniqeCode: reg.json.data.uniqeCode, existing: true });
  });

  it('checks at most the per-Aadhaar limit of 25 sent at once (24 wrong mobiles, then the right one), then refuses the letter', async () => {
    const f = validFields();
    const reg = await registerFarmer(api, f);
    expect(reg.status, reg.text).toBe(201);
    const replies = await work.all([...Array.from({ length: 24 }, () => resubmit(f, newMobile())), resubmit(f, f.mobile)]);
    // A 409 or a 200 is a guess that was checked against the registration; the rest were refused unchecked.
    expectAtMostPerAadhaarChecked(replies, 409);
    expect(replies.filter((r) => r.status === 429).every((r) => /Too many attempts/.test(r.json.message))).toBe(true);

    // The attempts used up, the identical form no longer hands out the letter.
    await work.all(Array.from({ length: FIND_LETTER_LIMITS.perAadhaar }, () => resubmit(f, newMobile())));
    const after = await resubmit(f, f.mobile);
    expect(after.status, after.text).toBe(429);
    expect(after.json.data).toBeUndefined();
    expect(after.text).not.toContain(reg.json.data.uniqeCode);
  });

  it('a retry with the first request’s idempotency key still gets its answer, whatever the limits', async () => {
    const f = validFields();
    const reg = await registerFarmer(api, f);
    expect(reg.status, reg.text).toBe(201);
    await work.all(Array.from({ length: FIND_LETTER_LIMITS.perAadhaar + 2 }, () => resubmit(f, newMobile())));
    const retry = await retryRegistration(api, f, reg);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.json.data).toMatchObject({ id: reg.json.data.id, uniqeCode: reg.json.data.uniqeCode });
  });
});
