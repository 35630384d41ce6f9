import { randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_RE } from '@shared/schemas/second-factor';
import type { LoginResponse, SecondFactorChallenge } from '@shared/schemas/auth';
import type { SecondFactorEnrolment, SecondFactorStatus } from '@shared/schemas/replies/second-factor';
import { transactWithEntry, writeWithEntry } from '../lib/audited-write';
import type { AuditTrail } from '../lib/audit-log';
import { tableName } from '../lib/aws';
import type { Caller } from '../lib/caller';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../lib/errors';
import { countAttempt, minutesText, minutesToWait } from '../lib/rate-limit';
import { cancellationReasons, isConditionalFailure } from '../lib/retry';
import { roleNames } from '../lib/roles-store';
import {
  consumeChallenge,
  countChallengeTry,
  deleteSecondFactorItem,
  getSecondFactor,
  keyedHash,
  openSecret,
  putChallenge,
  putPendingSecondFactor,
  takeRecoveryCode,
  takeStep,
  takeStepUpdate,
} from '../lib/second-factor-store';
import { mustUseSecondFactor, staffSecondFactorOn } from '../lib/second-factor-policy';
import { signToken } from '../lib/tokens';
import { userKey } from '../lib/user-entity';
import { getUser, type UserItem } from '../lib/users-store';

/**
 * The staff second factor (docs/decisions/0044-staff-second-factor.md): TOTP (RFC 6238: SHA-1, 6 digits, 30 s,
 * one step either side for a phone's clock) with the otpauth library, and ten one-time recovery codes.
 */
export const SECOND_FACTOR_LIMITS = {
  /** The sign-in's second step: valid this long, for this many codes. */
  challengeSeconds: 5 * 60,
  triesPerChallenge: 5,
  /** Wrong codes per account (all its challenges and confirmations) in each window. */
  perAccount: 10,
  windowSeconds: 15 * 60,
};
const PERIOD = 30;
const ISSUER = 'Seed portal';
const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const totpOf = (secret: Secret, label: string) =>
  new TOTP({ issuer: ISSUER, label, secret, algorithm: 'SHA1', digits: 6, period: PERIOD });

const accountLimit = (userID: number) => [
  {
    key: `second-factor:account:${userID}`,
    max: SECOND_FACTOR_LIMITS.perAccount,
    windowSeconds: SECOND_FACTOR_LIMITS.windowSeconds,
  },
];

const STEP_ENDED = 'This sign-in step has ended (too many wrong codes, or more than 5 minutes). Please sign in again.';
const WRONG_CODE = 'Wrong code. Type the newest code from your authenticator app, or a recovery code you have not used.';

/** Counts a code's check against the account's limit; refused with the wait when it is used up. */
async function countCodeTry(userID: number) {
  const attempt = await countAttempt(accountLimit(userID));
  if (!attempt.allowed) {
    const wait = minutesText(minutesToWait(attempt.retryAfterSeconds));
    throw new AppError('TOO_MANY_REQUESTS', `Too many wrong codes. Please try again in ${wait}.`, {
      retryAfterSeconds: attempt.retryAfterSeconds,
    });
  }
  return attempt;
}

/** The TOTP time step the code belongs to (now, or one step either side), or null when it matches none. */
async function stepOf(secretEnc: string, code: string, now = Date.now()): Promise<number | null> {
  const totp = totpOf(Secret.fromBase32(await openSecret(secretEnc)), 'x');
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** A session for the account: its current roles, and what the token carries of the second factor. */
export async function sessionFor(user: UserItem, opts: { secondFactor?: boolean; enrolOnly?: boolean }): Promise<LoginResponse> {
  const roles = [...(await roleNames(user.roleIds ?? [])).values()];
  const token = await signToken({
    userID: user.userID,
    name: user.fullName,
    email: user.email,
    roles,
    tokenVersion: user.tokenVersion ?? 0,
    secondFactor: opts.secondFactor === true,
    enrolOnly: opts.enrolOnly === true,
  });
  return {
    token,
    name: user.fullName,
    email: user.email,
    role: roles.join(','),
    userID: user.userID,
    ...(opts.enrolOnly ? { secondFactorEnrolRequired: true as const } : {}),
  };
}

/**
 * After a right password: the second step's challenge when the account has a second factor; a token that
 * opens only the enrolment when it must have one and has not; otherwise the session.
 */
export async function afterPassword(user: UserItem): Promise<LoginResponse | SecondFactorChallenge> {
  const sf = await getSecondFactor(user.userID);
  if (sf?.state === 'active') {
    const challenge = randomBytes(32).toString('base64url');
    const expiresAtMs = Date.now() + SECOND_FACTOR_LIMITS.challengeSeconds * 1000;
    await putChallenge(await keyedHash(`challenge:${challenge}`), user.userID, expiresAtMs);
    return { secondFactorRequired: true, challenge, expiresAt: new Date(expiresAtMs).toISOString() };
  }
  const roles = [...(await roleNames(user.roleIds ?? [])).values()];
  if (mustUseSecondFactor(roles) && (await staffSecondFactorOn())) return sessionFor(user, { enrolOnly: true });
  return sessionFor(user, {});
}

/** The second step: a TOTP code or an unused recovery code for the challenge gives the session. */
export async function verify(input: { challenge: string; code: string }): Promise<LoginResponse> {
  const hash = await keyedHash(`challenge:${input.challenge}`);
  // Counted before the code is checked: a burst on one challenge gets at most its tries.
  const userID = await countChallengeTry(hash, SECOND_FACTOR_LIMITS.triesPerChallenge, Date.now());
  if (!userID) throw unauthorized(STEP_ENDED);
  const attempt = await countCodeTry(userID);
  const sf = await getSecondFactor(userID);
  if (!sf || sf.state !== 'active') throw unauthorized(STEP_ENDED);
  let ok: boolean;
  if (RECOVERY_CODE_RE.test(input.code)) {
    ok = await takeRecoveryCode(userID, await keyedHash(`recovery:${input.code}`));
  } else {
    const step = await stepOf(sf.secretEnc, input.code);
    // A code already accepted (this step or a later one) is refused like a wrong one: it cannot be replayed.
    ok = step !== null && step > sf.lastStep && (await takeStep(userID, step));
  }
  if (!ok) throw unauthorized(WRONG_CODE);
  if (!(await consumeChallenge(hash))) throw unauthorized(STEP_ENDED);
  await attempt.giveBack();
  const user = await getUser(userID, true);
  if (!user || !user.isActive) throw unauthorized(STEP_ENDED);
  return sessionFor(user, { secondFactor: true });
}

export async function status(caller: Caller): Promise<SecondFactorStatus> {
  const sf = await getSecondFactor(caller.userID);
  const required = mustUseSecondFactor(caller.roles) && (await staffSecondFactorOn());
  return {
    state: sf?.state ?? 'none',
    required,
    usedThisSession: caller.secondFactor === true,
    ...(sf?.state === 'active' ? { recoveryCodesLeft: sf.recovery.length } : {}),
  };
}

const ALREADY = 'Your second factor is already set up. If you lost your phone, a super admin can reset it.';

function recoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** A new secret and ten recovery codes, shown once; kept sealed and hashed, pending until confirmed with a code. */
export async function enrol(caller: Caller): Promise<SecondFactorEnrolment> {
  const secret = new Secret({ size: 20 });
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  const hashes = await Promise.all(recoveryCodes.map((c) => keyedHash(`recovery:${c.replace('-', '')}`)));
  if (!(await putPendingSecondFactor(caller.userID, secret.base32, hashes))) throw conflict(ALREADY);
  return { secret: secret.base32, otpauthUrl: totpOf(secret, caller.email).toString(), recoveryCodes };
}

/** The first code from the app turns the enrolment on; the reply is a session opened with the second factor. */
export async function confirm(caller: Caller, code: string, audit: AuditTrail): Promise<LoginResponse> {
  const sf = await getSecondFactor(caller.userID);
  if (!sf) throw conflict('Start the set-up first: it gives the QR code to scan.');
  if (sf.state === 'active') throw conflict(ALREADY);
  const attempt = await countCodeTry(caller.userID);
  const step = await stepOf(sf.secretEnc, code);
  const wrong = 'Wrong code. Check that the phone’s time is right and type the newest code from the app.';
  if (step === null) throw badRequest(wrong, { code: wrong });
  try {
    await writeWithEntry(
      { Update: takeStepUpdate(caller.userID, step, 'pending') },
      audit.put({ type: 'user', id: caller.userID }, { summary: 'second factor set up (authenticator app)' }),
    );
  } catch (e) {
    if (isConditionalFailure(e)) throw conflict('The set-up has changed meanwhile. Open this page again.');
    throw e;
  }
  await attempt.giveBack();
  const user = await getUser(caller.userID, true);
  if (!user) throw unauthorized();
  return sessionFor(user, { secondFactor: true });
}

/**
 * A super_admin removes another account's second factor (a lost phone): its sessions end, and it enrols again at
 * its next sign-in when it must have one. One audit entry, in the same transaction.
 */
export async function reset(caller: Caller, userID: number, audit: AuditTrail): Promise<{ success: true; userID: number }> {
  if (userID === caller.userID) {
    throw badRequest('You cannot reset your own second factor: use a recovery code, or ask another super admin.');
  }
  const user = await getUser(userID, true);
  if (!user) throw notFound(`User ${userID} not found`);
  try {
    await transactWithEntry(
      [
        deleteSecondFactorItem(userID),
        {
          Update: {
            TableName: tableName(),
            Key: userKey(userID),
            UpdateExpression: 'ADD #tv :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#tv': 'tokenVersion' },
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
      audit.put({ type: 'user', id: userID }, { summary: `second factor of ${user.email} reset; its sessions ended` }),
    );
  } catch (e) {
    if (cancellationReasons(e)[0]?.Code === 'ConditionalCheckFailed') {
      throw notFound(`${user.fullName} has no second factor to reset`);
    }
    throw e;
  }
  return { success: true, userID };
}
