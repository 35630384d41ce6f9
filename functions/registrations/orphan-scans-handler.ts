import { sweepOrphanScans } from './orphan-scans';

/**
 * The daily sweep of Aadhaar scans that no registration names (an EventBridge schedule in the cloud stack;
 * `npm start` runs the same sweep hourly). Not an API area: it has no routes and takes no input.
 */
export async function handler(): Promise<{ examined: number; kept: number; deleted: number; unrecognised: number }> {
  const r = await sweepOrphanScans();
  return { examined: r.examined, kept: r.kept, deleted: r.deleted.length, unrecognised: r.unrecognised.length };
}
