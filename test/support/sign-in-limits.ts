import { afterAll, beforeAll } from 'vitest';
import { LOGIN_LIMITS } from '@functions/auth/service';

/**
 * Lowers the per-client sign-in limit for the test file that calls it, and puts the product's value back after
 * it. Reaching the real limit costs one password hash per attempt (31 in a row: over a minute on a 2-core
 * machine shared with another test run); the counting and the refusal are the same for any limit.
 */
export function lowerPerClientSignInLimit(max: number): void {
  const product = LOGIN_LIMITS.perClient;
  beforeAll(() => {
    LOGIN_LIMITS.perClient = max;
  });
  afterAll(() => {
    LOGIN_LIMITS.perClient = product;
  });
}
