import { AppError, unauthorized } from '../lib/errors';
import { PasswordHashingBusy, verifyPassword } from '../lib/passwords';
import { countAttempt, minutesText, minutesToWait, type Limit } from '../lib/rate-limit';
import { findUserIdByEmail, getUser } from '../lib/users-store';
import type { LoginAnswer, LoginInput } from '@shared/schemas/auth';
import { afterPassword } from './second-factor';

/** Failed sign-ins allowed per account and per client address in each 15-minute window. */
export const LOGIN_LIMITS = { perAccount: 5, perClient: 30, windowSeconds: 15 * 60 };

const BAD_CREDENTIALS = 'Invalid email or password';

function limitsFor(email: string, ip: string): Limit[] {
  return [
    { key: `login:account:${email.toLowerCase()}`, max: LOGIN_LIMITS.perAccount, windowSeconds: LOGIN_LIMITS.windowSeconds },
    { key: `login:client:${ip || 'unknown'}`, max: LOGIN_LIMITS.perClient, windowSeconds: LOGIN_LIMITS.windowSeconds },
  ];
}

export async function login(input: LoginInput, sourceIp: string): Promise<LoginAnswer> {
  // Counted before the password is checked, so guesses sent at once cannot outrun the limit.
  const attempt = await countAttempt(limitsFor(input.email, sourceIp));
  if (!attempt.allowed) {
    const wait = minutesText(minutesToWait(attempt.retryAfterSeconds));
    throw new AppError('TOO_MANY_REQUESTS', `Too many failed sign-in attempts. Please try again in ${wait}.`, {
      retryAfterSeconds: attempt.retryAfterSeconds,
    });
  }
  const id = await findUserIdByEmail(input.email);
  const user = id ? await getUser(id, true) : undefined;
  let passwordOk: boolean;
  try {
    passwordOk = await verifyPassword(input.password, user?.passwordHash);
  } catch (e) {
    // Refused before hashing: nothing was checked, so it is not a guess.
    if (e instanceof PasswordHashingBusy) await attempt.giveBack();
    throw e;
  }
  if (!user || !passwordOk || !user.isActive) throw unauthorized(BAD_CREDENTIALS);
  // Only failures stay counted: a right password never brings its account closer to the limit.
  await attempt.giveBack();
  // The second factor's step when the account has one (./second-factor.ts).
  return afterPassword(user);
}
