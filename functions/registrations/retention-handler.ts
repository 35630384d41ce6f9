import { runRetention, type RetentionOutcome } from './retention';

/**
 * The scheduled scan retention (an EventBridge rule once a day in the cloud stack; `npm start` runs it on a
 * timer). Not an API area: no routes, no input. It takes the lease, so a run that starts while another still
 * goes does nothing.
 */
export async function handler(): Promise<RetentionOutcome> {
  // Begins no new work in the last minute of the function's 10 minutes (infra/constructs/scan-retention-job.ts).
  return runRetention({ lease: true, budgetMs: 9 * 60 * 1000 });
}
