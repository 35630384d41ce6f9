import { randomInt, randomUUID } from 'node:crypto';
import type { OtpRequestInput, OtpRequestReply, OtpVerifyInput, OtpVerifyReply } from '@shared/schemas/farmer-otp';
import { AppError, unauthorized } from '../lib/errors';
import { codeHash, mobileKey, sameHash, sealCode } from '../lib/farmer-code-keys';
import { signFarmerToken, signRegisterProof, type FarmerSession } from '../lib/farmer-tokens';
import { json, type HttpResult } from '../lib/http';
import { log } from '../lib/log';
import { countAttempt, minutesText, minutesToWait, type Limit } from '../lib/rate-limit';
import { withRetry } from '../lib/retry';
import { CODE_RULES, countTry, registrationsOfMobile, storeCode, useCode } from './farmer-code-store';

/**
 * Farmers proven by a one-time code to the registered mobile (docs/decisions/0043-farmer-one-time-codes.md).
 *
 * The request does the same work and answers the same bytes whether or not the mobile is known: it stores the
 * code's keyed hash and the code sealed for the sender on the mobile's item, with whether to deliver it (a code
 * to find or manage registrations goes only to a mobile that registered; a code to register goes to any). The
 * sender (functions/notifications/code-sender.ts) sends it from the table's stream, off the request's path.
 *
 * Limits are per mobile first (3 codes an hour, 3 tries a code, both conditional writes on the mobile's item)
 * and only loosely per client address (ADDRESS_LIMITS: a crowd behind one carrier address is not locked out).
 */
export const ADDRESS_LIMITS = {
  /** Codes asked from one address in the window: 200 farmers behind one address, each asking twice, fit. */
  requestsPerIp: 1_000,
  /** Codes checked from one address in the window (find my letter and the verify step together). */
  verifiesPerIp: 2_000,
  windowSeconds: 15 * 60,
} as const;

/** What the reply tells the app to wait before offering "send again" (the same for every mobile). */
export const RESEND_AFTER_SECONDS = 60;

const MSG_WRONG_CODE =
  'कोड सही नहीं है, या उसका समय निकल गया या वह इस्तेमाल हो चुका है। नया कोड माँगें / The code is wrong, expired or already used. Ask for a new code.';
const tooManyCodes = (seconds: number) => {
  const m = minutesToWait(seconds);
  return new AppError(
    'TOO_MANY_REQUESTS',
    `इस मोबाइल पर एक घंटे में ${CODE_RULES.codesPerHour} कोड भेजे जा चुके हैं, कृपया ${m} मिनट बाद नया कोड माँगें / ${CODE_RULES.codesPerHour} codes were already sent to this mobile this hour. Please ask for a new code in ${minutesText(m)}.`,
    { retryAfterSeconds: seconds },
  );
};
const triesUsed = (seconds: number) => {
  const m = minutesToWait(seconds);
  return new AppError(
    'TOO_MANY_REQUESTS',
    `गलत कोड ${CODE_RULES.triesPerCode} बार लिखा गया, यह कोड अब नहीं चलेगा। कृपया ${m} मिनट बाद नया कोड माँगें / A wrong code was entered ${CODE_RULES.triesPerCode} times; this code no longer works. Please ask for a new code in ${minutesText(m)}.`,
    { retryAfterSeconds: seconds },
  );
};
const busyAddress = (seconds: number) => {
  const m = minutesToWait(seconds);
  return new AppError(
    'TOO_MANY_REQUESTS',
    `आपके नेटवर्क से बहुत अधिक अनुरोध आए हैं, कृपया ${m} मिनट बाद प्रयास करें / Too many requests from your network. Please try again in ${minutesText(m)}.`,
    { retryAfterSeconds: seconds },
  );
};

const addressLimit = (kind: 'request' | 'verify', sourceIp: string): Limit => ({
  key: `otp-${kind}:ip:${sourceIp || 'unknown'}`,
  max: kind === 'request' ? ADDRESS_LIMITS.requestsPerIp : ADDRESS_LIMITS.verifiesPerIp,
  windowSeconds: ADDRESS_LIMITS.windowSeconds,
});

const newCode = () => String(randomInt(0, 10 ** CODE_RULES.digits)).padStart(CODE_RULES.digits, '0');

export async function requestCode(
  input: OtpRequestInput,
  sourceIp: string,
  now = Date.now(),
): Promise<HttpResult<OtpRequestReply>> {
  const byAddress = await countAttempt([addressLimit('request', sourceIp)], now);
  if (!byAddress.allowed) throw busyAddress(byAddress.retryAfterSeconds);
  const key = await mobileKey(input.mobile);
  const code = newCode();
  const [links, hash] = await Promise.all([withRetry(() => registrationsOfMobile(key, 1)), codeHash(input.mobile, code)]);
  const deliver = input.purpose === 'register' || links.length > 0;
  const sealed = await sealCode({ mobile: input.mobile, code, language: links[0]?.language ?? 'hi' });
  const out = await withRetry(() =>
    storeCode(key, { codeHash: hash, purpose: input.purpose, sealed, sendId: randomUUID(), deliver }, now),
  );
  if (!out.stored) throw out.reason === 'locked' ? triesUsed(out.waitSeconds) : tooManyCodes(out.waitSeconds);
  // Neither the mobile nor the code is logged; whether it is delivered is the sender's to say.
  log.info('one-time code stored', { purpose: input.purpose });
  return json({ sent: true as const, retryAfterSeconds: RESEND_AFTER_SECONDS }, 202);
}

/** What a code may prove: a farmer session (a code to find or manage), or the mobile of a registration (to register). */
export type CodeUse = 'session' | 'register' | 'any';
const usableFor = (purpose: string | undefined, use: CodeUse) =>
  use === 'any' || (purpose === 'register') === (use === 'register');

/**
 * Checks a code: the try is counted on the mobile's item before the code is compared (so tries sent at once
 * cannot outrun the limit), compared in constant time, then used by the one write that finds it unused.
 * Gives the farmer session of the mobile; a code asked for another use (`use`) is refused as a wrong one, and
 * stays unused.
 */
export async function checkCode(
  input: OtpVerifyInput,
  sourceIp: string,
  now = Date.now(),
  use: CodeUse = 'session',
): Promise<FarmerSession> {
  const byAddress = await countAttempt([addressLimit('verify', sourceIp)], now);
  if (!byAddress.allowed) throw busyAddress(byAddress.retryAfterSeconds);
  const key = await mobileKey(input.mobile);
  const counted = await withRetry(() => countTry(key, now));
  if ('refused' in counted) {
    if (counted.refused === 'locked') throw triesUsed(Math.max(1, Math.ceil(((counted.item?.validUntil ?? now) - now) / 1000)));
    throw unauthorized(MSG_WRONG_CODE);
  }
  const item = counted.counted;
  const hash = await codeHash(input.mobile, input.otp);
  if (!item.codeHash || !sameHash(hash, item.codeHash)) throw unauthorized(MSG_WRONG_CODE);
  if (!usableFor(item.purpose, use)) throw unauthorized(MSG_WRONG_CODE);
  if (!(await withRetry(() => useCode(key, hash, now)))) throw unauthorized(MSG_WRONG_CODE);
  await byAddress.giveBack();
  return { mobile: input.mobile, purpose: item.purpose === 'register' || item.purpose === 'manage' ? item.purpose : 'find' };
}

/**
 * POST /svsregistration/otp/verify: a code to find or manage gives the farmer session; a code to register gives
 * the proof of the mobile a registration carries (VerifyMobileAtRegistration), which opens nothing else.
 */
export async function verifyCode(input: OtpVerifyInput, sourceIp: string, now = Date.now()): Promise<OtpVerifyReply> {
  const checked = await checkCode(input, sourceIp, now, 'any');
  return checked.purpose === 'register' ? signRegisterProof(input.mobile, now) : signFarmerToken(checked, now);
}
