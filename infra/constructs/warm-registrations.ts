import { TimeZone } from 'aws-cdk-lib';
import { Schedule } from 'aws-cdk-lib/aws-applicationautoscaling';
import type { Alias } from 'aws-cdk-lib/aws-lambda';

/**
 * The registrations function warm when the form opens: provisioned concurrency on its alias `live` (which the API's
 * registration routes call, the upload URL's among them), set by two Application Auto Scaling scheduled actions,
 * every day in India's time: up to `provisioned` instances WARM_LEAD_MINUTES before the opening, none `hours`
 * later. docs/deployment.md, "Warm when the form opens".
 */
export interface RegistrationHours {
  /** When the form opens, India time, 'HH:MM' (24 h). */
  opensAt: string;
  /** How long the rush lasts: the instances are released this many hours after the opening. */
  hours: number;
  /** Instances kept initialized meanwhile; 0 keeps none (no schedule is made). */
  provisioned: number;
}

/**
 * 10:00, the institute's usual opening; four hours cover the first rush (most of a season's farmers register in
 * the first hours). 100 instances: the registration routes' throttles (300 submits and 300 upload URLs a second,
 * infra/constructs/api.ts ROUTE_THROTTLES) at about 0.25 s a submit and 0.05 s an upload URL keep about 90 busy.
 */
export const DEFAULT_REGISTRATION_HOURS: RegistrationHours = { opensAt: '10:00', hours: 4, provisioned: 100 };

/** The settings given over the defaults; one left out (undefined, as infra/app.ts passes a missing option) keeps its default. */
export function registrationHoursFrom(given: Partial<RegistrationHours> = {}): RegistrationHours {
  const set = Object.entries(given).filter(([, v]) => v !== undefined);
  return { ...DEFAULT_REGISTRATION_HOURS, ...Object.fromEntries(set) };
}

/** The instances are ready this long before the opening (initializing 100 takes a few minutes). */
export const WARM_LEAD_MINUTES = 15;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The settings checked at synth, with a clear message, before anything is deployed. */
export function checkRegistrationHours(h: RegistrationHours, reservedConcurrency: number): void {
  if (!HH_MM.test(h.opensAt))
    throw new Error(`registrationOpensAt must be a time of day as HH:MM (24 h, India time), not '${h.opensAt}'.`);
  if (!Number.isInteger(h.hours) || h.hours < 1 || h.hours > 23)
    throw new Error(`registrationWarmHours must be a whole number of hours from 1 to 23, not ${h.hours}.`);
  if (!Number.isInteger(h.provisioned) || h.provisioned < 0 || h.provisioned > reservedConcurrency)
    throw new Error(
      `registrationProvisioned must be a whole number from 0 to the registrations function's reserved concurrency (${reservedConcurrency}), not ${h.provisioned}.`,
    );
}

/** Minutes after midnight of 'HH:MM', moved by `delta` minutes, around the clock. */
function shifted(hhmm: string, delta: number): { hour: string; minute: string } {
  const [h, m] = hhmm.split(':').map(Number);
  const at = (((h * 60 + m + delta) % 1440) + 1440) % 1440;
  return { hour: String(Math.floor(at / 60)), minute: String(at % 60) };
}

export function addRegistrationWarmth(live: Alias, hours: RegistrationHours): void {
  if (hours.provisioned === 0) return;
  const target = live.addAutoScaling({ minCapacity: 0, maxCapacity: hours.provisioned });
  const timeZone = TimeZone.ASIA_KOLKATA;
  target.scaleOnSchedule('WarmBeforeOpening', {
    schedule: Schedule.cron(shifted(hours.opensAt, -WARM_LEAD_MINUTES)),
    timeZone,
    minCapacity: hours.provisioned,
    maxCapacity: hours.provisioned,
  });
  target.scaleOnSchedule('ReleaseAfterRush', {
    schedule: Schedule.cron(shifted(hours.opensAt, hours.hours * 60)),
    timeZone,
    minCapacity: 0,
    maxCapacity: 0,
  });
}
