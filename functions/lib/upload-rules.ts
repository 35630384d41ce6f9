/**
 * The expiry rule for uploads that never became a registration: presigned uploads land under `prefix` and
 * are copied elsewhere (aadhaar/) when a registration accepts them; whatever is still under `prefix` after
 * `expireAfterDays` goes. The cloud stack turns this into the uploads bucket's lifecycle rule
 * (infra/cloud-stack.ts); the local stand-in applies it itself (infra/local/lifecycle.ts).
 */
export const PENDING_UPLOADS_RULE = {
  id: 'ExpireUnclaimedPendingUploads',
  prefix: 'pending/',
  expireAfterDays: 2,
} as const;

export const DAY_MS = 86_400_000;
