import { expect } from 'vitest';
import { FIND_LETTER_LIMITS } from '@functions/registrations/find-letter';

/**
 * The answers to a burst of guesses at one farmer's letter (one Aadhaar, wrong mobiles and the right one): each is
 * `checked` (a wrong guess checked against the registration), 200 (the right one, checked) or 429 (refused
 * unchecked); no more were checked than the per-Aadhaar limit, and no refusal carries the letter.
 */
export function expectAtMostPerAadhaarChecked(replies: { status: number; json: any }[], checked: number): void {
  const statuses = replies.map((r) => r.status);
  expect(
    statuses.every((s) => [200, checked, 429].includes(s)),
    statuses.join(','),
  ).toBe(true);
  expect(statuses.filter((s) => s === checked || s === 200).length).toBeLessThanOrEqual(FIND_LETTER_LIMITS.perAadhaar);
  for (const r of replies) if (r.status !== 200) expect(r.json.data).toBeUndefined();
}
