import { sweepAllocation, type SweepOutcome } from './sweep';

/**
 * The scheduled allocation sweep (an EventBridge rule every 15 minutes in the cloud stack; `npm start` runs
 * the same sweep every minute). Not an API area: it has no routes and takes no input. It takes the lease, so
 * a run that starts while another is still going does nothing.
 */
export async function handler(): Promise<SweepOutcome> {
  // Begins no new work in the last minute of the function's 5 minutes (infra/constructs/allocation-sweeper.ts).
  return sweepAllocation({ lease: true, budgetMs: 4 * 60 * 1000 });
}
