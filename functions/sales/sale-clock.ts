/** The clock (tests move it across a financial-year boundary). */
let clock: () => Date = () => new Date();
export function setClockForTests(fn?: () => Date): void {
  clock = fn ?? (() => new Date());
}

/** Now, by the sales area's clock. */
export const saleClock = (): Date => clock();
