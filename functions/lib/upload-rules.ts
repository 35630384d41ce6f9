/**
 * The expiry rule for uploads that never became a registration: presigned uploads land under `prefix` and
 * are copied elsewhere (aadhaar/) when a registration accepts them; whatever is still under `prefix` after
 * `expireAfterDays` goes. The cloud stack turns this into the uploads bucket's lifecycle rule
 * (infra/constructs/data.ts); the local stand-in applies it itself (infra/local/lifecycle.ts).
 */
export const PENDING_UPLOADS_RULE = {
  id: 'ExpireUnclaimedPendingUploads',
  prefix: 'pending/',
  expireAfterDays: 1,
} as const;

/**
 * Export files (functions/exports) are written under `prefix` and fetched through links of a few minutes;
 * they go after `expireAfterDays`, like the jobs that name them. Cloud: a lifecycle rule of the uploads bucket;
 * locally: infra/local/lifecycle.ts.
 */
export const EXPORT_FILES_RULE = {
  id: 'ExpireExportFiles',
  prefix: 'exports/',
  expireAfterDays: 1,
} as const;

/**
 * Accepted scans live under `prefix` (aadhaar/<year>/<id10>-<random>.<ext>). A submit copies the scan there
 * before its transaction, so a request that dies in between leaves a scan no registration names: the
 * sweeper (functions/registrations/orphan-scans.ts) deletes those once they are older than `graceHours`,
 * daily in the cloud (infra/constructs/orphan-scan-sweeper.ts) and hourly under `npm start` (infra/local/lifecycle.ts).
 */
export const ORPHAN_SCANS_RULE = {
  prefix: 'aadhaar/',
  graceHours: 24,
} as const;

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
