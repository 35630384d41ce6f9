import { runReconciliation, type ReconcileOutcome } from './job';

/**
 * The scheduled reconciliation (an EventBridge rule nightly in the cloud stack, infra/constructs/reconcile-job.ts;
 * `npm start` runs it every 10 minutes). Not an API area: no routes, no input. A run that starts while another
 * still goes (it holds the lease) does nothing.
 */
export async function handler(): Promise<ReconcileOutcome> {
  return runReconciliation();
}
