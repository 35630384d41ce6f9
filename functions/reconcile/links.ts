import { UpdateCommand } from '../lib/dynamo-commands';
import { farmerRegistrationsPk } from '../farmers/farmer-entity';
import { docClient, tableName } from '../lib/aws';
import { padId } from '../lib/counters';
import { log } from '../lib/log';
import { isConditionalFailure, withRetry } from '../lib/retry';
import { linkRegistration } from '../registrations/registration-link';
import { regKey, type RegistrationItem } from '../registrations/registration-entity';
import type { LinkCorrection } from '@shared/schemas/reconcile';
import { mapBounded } from './reading';

/**
 * The farmer links recomputed (docs/product-rules.md#linking-a-registration-to-a-farmer). The stream's consumer
 * links each new registration; what it missed (a record set aside, a link that failed) is found here:
 *  - a registration not erased, without `farmerID` and without a `farmerLink` decision ('to-confirm' waits for
 *    staff, 'declined' was their answer), made more than `settleMs` ago (newer ones are the stream's to link), is
 *    handed to linkRegistration, which reads it again and links it, marks it "to confirm", or says why not;
 *  - a linked registration whose farmer index keys (gsi2) do not name its farmer gets them written again.
 * Erased registrations are never touched (invariant 11): linkRegistration refuses them, and the index repair is
 * conditional on the registration still being linked and not erased.
 */
const LINKS_AT_ONCE = 8;

export class LinkReconciler {
  private readonly unlinked: { year: number; id: number }[] = [];
  private readonly misindexed: { year: number; id: number; farmerID: number }[] = [];
  readonly corrections: LinkCorrection[] = [];
  notLinked = 0;

  constructor(private readonly cutoffIso: string) {}

  consider(r: RegistrationItem): void {
    if (r.personalDataErasedOn) return;
    if (r.farmerID) {
      if (r.gsi2pk !== farmerRegistrationsPk(r.farmerID) || r.gsi2sk !== `${r.year}#${padId(r.id)}`)
        this.misindexed.push({ year: r.year, id: r.id, farmerID: r.farmerID });
      return;
    }
    if (r.farmerLink) return;
    if (r.created < this.cutoffIso) this.unlinked.push({ year: r.year, id: r.id });
  }

  /** Links and repairs what was found so far, then forgets it (called once per year read). */
  async run(): Promise<void> {
    const unlinked = this.unlinked.splice(0);
    const misindexed = this.misindexed.splice(0);
    await mapBounded(unlinked, LINKS_AT_ONCE, async ({ year, id }) => {
      try {
        const outcome = await linkRegistration(year, id);
        if (outcome === 'linked' || outcome === 'to-confirm') this.corrections.push({ year, id, outcome });
        else if (outcome === 'not-a-farmer') this.notLinked++;
      } catch (e) {
        // Left for the next run; the others go on.
        this.notLinked++;
        log.warn('reconciliation: registration not linked', { year, id, error: (e as Error).message });
      }
    });
    await mapBounded(misindexed, LINKS_AT_ONCE, async ({ year, id, farmerID }) => {
      try {
        await withRetry(() =>
          docClient().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: regKey(year, id),
              UpdateExpression: 'SET gsi2pk = :p, gsi2sk = :s',
              ConditionExpression: 'farmerID = :f AND attribute_not_exists(personalDataErasedOn)',
              ExpressionAttributeValues: { ':f': farmerID, ':p': farmerRegistrationsPk(farmerID), ':s': `${year}#${padId(id)}` },
            }),
          ),
        );
        this.corrections.push({ year, id, outcome: 'index' });
      } catch (e) {
        if (!isConditionalFailure(e)) throw e;
      }
    });
  }
}
