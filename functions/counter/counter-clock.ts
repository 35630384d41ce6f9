import { kolkataDay } from '../lib/stats';

/** The clock (tests check in on a day of their choosing). */
let clock: () => Date = () => new Date();
export function setClockForTests(fn?: () => Date): void {
  clock = fn ?? (() => new Date());
}
export const todayInIndia = () => kolkataDay(clock());

/** Now, by the counter's clock. */
export const counterNow = (): Date => clock();
