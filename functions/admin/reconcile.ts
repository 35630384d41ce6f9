import type { AuditTrail } from '../lib/audit-log';
import { conflict } from '../lib/errors';
import { runReconciliation } from '../reconcile/job';
import type { ReconcileReply } from '@shared/schemas/reconcile';

/**
 * A super_admin's run of the reconciliation (functions/reconcile/job.ts), answered with its report. Its writes are
 * many small corrections: one audit entry when the run completes, saying what it corrected (none when it failed).
 * 409 while another run (the schedule's) holds the lease.
 */
export async function reconcileNow(audit: AuditTrail): Promise<ReconcileReply> {
  const outcome = await runReconciliation();
  if ('busy' in outcome) throw conflict('A reconciliation is already running; try again when it has finished');
  const { corrected, links, countedLate, counters, left } = outcome;
  await audit.write(
    { type: 'reconciliation', id: outcome.startedAt },
    {
      summary:
        `reconciliation of years ${outcome.years.join(', ') || 'none'}: ${corrected} corrected ` +
        `(links ${links.length}, counted late ${countedLate.length}, counters ${counters.length}), ${left.length} left for the next run`,
    },
  );
  return outcome;
}
