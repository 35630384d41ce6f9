import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { FunctionArea } from '@shared/routes';
import { env } from './env';
import { AppError } from './errors';

/**
 * Business counts as CloudWatch metrics through Powertools Metrics: one EMF line on stdout per event
 * (namespace SeedPortal, dimension service = the API area). No-op when LOG_LEVEL is silent and under
 * vitest, so test output stays clean; POWERTOOLS_METRICS_DISABLED is honoured by Powertools itself.
 * A failure here never fails the request.
 */
export type OutcomeMetric = 'RegistrationCreated' | 'RegistrationRejected' | 'SaleCompleted' | 'SaleRefused';

export const METRICS_NAMESPACE = 'SeedPortal';

const byArea = new Map<FunctionArea, Metrics>();

function enabled(): boolean {
  if (process.env.VITEST) return false;
  try {
    return env().LOG_LEVEL !== 'silent';
  } catch {
    return true;
  }
}

export function countMetric(area: FunctionArea, name: OutcomeMetric): void {
  if (!enabled()) return;
  try {
    let m = byArea.get(area);
    if (!m) byArea.set(area, (m = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: area })));
    m.addMetric(name, MetricUnit.Count, 1);
    m.publishStoredMetrics();
  } catch {
    /* metrics are best effort */
  }
}

/** Runs fn and counts a refusal (an AppError: a 4xx answer, or 503 busy) under `refused`. */
export async function countRefusal<T>(area: FunctionArea, refused: OutcomeMetric, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) countMetric(area, refused);
    throw e;
  }
}
