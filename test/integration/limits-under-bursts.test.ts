import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '@functions/auth/service';
import { FIND_LETTER_LIMITS } from '@functions/registrations/find-letter';
import { createAccount } from '../fixtures/accounts';
import { useTestApi } from '../support/integration';
import { expectAtMostPerAadhaarChecked } from '../support/letter-limits';
import { settleAfterEachTest } from '../support/started-work';
import { newAadhaar, newMobile, postJson, registerFarmer, seedFormCrops, validFields } from '../fixtures/registration-helpers';

/**
 * The sign-in and find-my-letter limits hold against guesses sent at once: every attempt is counted by a
 * conditional write before it is checked, so however a burst is timed, at most the limit is ever checked.
 */
const { api, tokens } = useTestApi('super_admin');
/** Each burst is awaited in full, also when its test fails: no attempt counts against the next test's limits. */
const work = settleAfterEachTest();

beforeAll(async () => {
  await seedFormCrops();
});

const newAccount = (email: string, password: string) =>
  createAccount(api, tokens.super_admin, { fullName: 'Target', email, password, roleIds: [3] });

/** The wait a refusal names: Retry-After in whole minutes, at least one. */
function minutesLeft(headers: Headers): string {
  const minutes = Math.max(1, Math.ceil(Number(headers.get('retry-after')) / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const signIn = (email: string, password: string) => api.call('POST', '/auth/login', { body: { email, password } });

describe('sign-in', () => {
  it('checks at most the per-account limit of 12 sign-ins sent at once (11 wrong, then the right one)', async () => {
    const email = 'burst-one@test.local';
    await newAccount(email, 'right-password-1');
    const replies = await work.all([
      ...Array.from({ length: 11 }, (_, i) => signIn(email, `wrong-password-${i}`)),
      signIn(email, 'right-password-1'),
    ]);
    const statuses = replies.map((r) => r.status);
    expect(
      statuses.every((s) => [200, 401, 429].includes(s)),
      statuses.join(','),
    ).toBe(true);
    // A 401 or a 200 is a password that was checked; everything beyond the limit was refused unchecked.
    const checked = statuses.filter((s) => s === 401 || s === 200).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(12 - LOGIN_LIMITS.perAccount);
    // A token only if the right password happened to be among the few checked.
    for (const r of replies) if (r.status !== 200) expect(r.json?.token).toBeUndefined();
  });

  it('refuses the right password after 11 wrong ones sent at once, of which exactly the limit were checked', async () => {
    const email = 'burst-two@test.local';
    await newAccount(email, 'right-password-2');
    const wrong = await work.all(Array.from({ length: 11 }, (_, i) => signIn(email, `wrong-password-${i}`)));
    const statuses = wrong.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBe(LOGIN_LIMITS.perAccount);
    expect(statuses.filter((s) => s === 429).length).toBe(11 - LOGIN_LIMITS.perAccount);
    const right = await signIn(email, 'right-password-2');
    expect(right.status).toBe(429);
    expect(right.json.token).toBeUndefined();
    expect(right.json.message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(right.json.message).toContain(`Please try again in ${minutesLeft(right.headers)}`);
  });

  it('does not count a right password against the account', async () => {
    const email = 'often@test.local';
    await newAccount(email, 'right-password-3');
    for (let i = 0; i < LOGIN_LIMITS.perAccount + 2; i++) expect((await signIn(email, 'right-password-3')).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect((await signIn(email, `wrong-${i}`)).status).toBe(401);
    expect((await signIn(email, 'right-password-3')).status).toBe(429);
  });
});

describe('find my letter', () => {
  const find = (adharNumber: unknown, mobile: unknown) => postJson(api, '/svsregistration/find-letter', { adharNumber, mobile });

  it('checks at most the per-Aadhaar limit of 25 attempts sent at once (24 wrong mobiles, then the right one)', async () => {
    const f = validFields();
    const reg = await registerFarmer(api, f);
    expect(reg.status, reg.text).toBe(201);
    const replies = await work.all([
      ...Array.from({ length: 24 }, () => find(f.adharNumber, newMobile())),
      find(f.adharNumber, f.mobile),
    ]);
    expectAtMostPerAadhaarChecked(replies, 404);

    // Once the attempts are used (the right one, if it was checked, gave its count back), the letter is refused.
    await work.all(Array.from({ length: FIND_LETTER_LIMITS.perAadhaar }, () => find(f.adharNumber, newMobile())));
    const after = await find(f.adharNumber, f.mobile);
    expect(after.status).toBe(429);
    expect(after.json.data).toBeUndefined();
    expect(after.json.message).toMatch(/Too many attempts/);
    // The wait the message names is what is left of the window, the same in both languages.
    const wait = /कृपया (\d+) मिनट बाद .*Please try again in (\d+) minutes?\./.exec(after.json.message);
    expect(wait, after.json.message).not.toBeNull();
    expect(wait![1]).toBe(wait![2]);
    expect(Number(wait![1])).toBeGreaterThanOrEqual(1);
    expect(Number(wait![1])).toBeLessThanOrEqual(FIND_LETTER_LIMITS.windowSeconds / 60);
  });

  it('checks at most the per-client limit of attempts sent at once for many Aadhaar numbers, then refuses even a right pair', async () => {
    const f = validFields();
    const reg = await registerFarmer(api, f);
    expect(reg.status, reg.text).toBe(201);
    const replies = await work.all(Array.from({ length: FIND_LETTER_LIMITS.perIp + 5 }, () => find(newAadhaar(7), newMobile())));
    const statuses = replies.map((r) => r.status);
    expect(
      statuses.every((s) => s === 404 || s === 429),
      statuses.join(','),
    ).toBe(true);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(FIND_LETTER_LIMITS.perIp);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    const right = await find(f.adharNumber, f.mobile);
    expect(right.status).toBe(429);
    expect(right.json.data).toBeUndefined();
  });
});
