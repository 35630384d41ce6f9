import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '@functions/auth/service';
import { CODE_RULES } from '@functions/registrations/farmer-code-store';
import { createAccount } from '../fixtures/accounts';
import { useTestApi } from '../support/integration';
import { knownCode } from '../support/farmer-codes';
import { settleAfterEachTest } from '../support/started-work';
import { postJson, registerFarmer, seedFormCrops, validFields } from '../fixtures/registration-helpers';

/**
 * The sign-in and find-my-letter limits hold against guesses sent at once: every attempt is counted by a
 * conditional write before it is checked, so however a burst is timed, at most the limit is ever checked (find my
 * letter: the tries of the mobile's one-time code, docs/decisions/0043-farmer-one-time-codes.md; the loose
 * per-address limit and a crowd behind one address: farmer-otp.test.ts).
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
  const find = (mobile: unknown, otp: unknown) => postJson(api, '/svsregistration/find-letter', { mobile, otp });

  it('compares at most 3 of 20 wrong codes sent at once for one mobile, then refuses the right code until the wait ends', async () => {
    const f = validFields();
    const reg = await registerFarmer(api, f);
    expect(reg.status, reg.text).toBe(201);
    const mobile = String(f.mobile);
    const otp = await knownCode(api, mobile);
    const replies = await work.all(Array.from({ length: 20 }, (_, i) => find(mobile, String(100_000 + i))));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length, statuses.join(',')).toBeLessThanOrEqual(CODE_RULES.triesPerCode);
    expect(statuses.filter((s) => s === 401 || s === 429)).toHaveLength(20);
    for (const r of replies) expect(r.json.data).toBeUndefined();

    const after = await find(mobile, otp);
    expect(after.status).toBe(429);
    expect(after.json.data).toBeUndefined();
    // The wait the message names is what is left of the code's five minutes, the same in both languages.
    const wait = /कृपया (\d+) मिनट बाद .*Please ask for a new code in (\d+) minutes?\./.exec(after.json.message);
    expect(wait, after.json.message).not.toBeNull();
    expect(wait![1]).toBe(wait![2]);
    expect(Number(wait![1])).toBeGreaterThanOrEqual(1);
    expect(Number(wait![1])).toBeLessThanOrEqual(CODE_RULES.validSeconds / 60);
  });
});
