import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { esbuildOptionsOf } from '@infra/bundling';
import { FUNCTION_AREAS, type FunctionArea } from '@shared/routes';

/**
 * Every area function, minified as the stack builds it (AREA_BUNDLING through esbuild, no CDK synth), stays
 * within its size budget. The goal is 300 KB for each; the budgets are the sizes reached (docs/performance.md,
 * "Faster where it counts (function bundles)") plus a few KB, so a bundle that grows is seen at once. Lower a
 * budget when a bundle shrinks; raise one only with the reason in that section.
 */
const GOAL_KB = 300;
const DEFAULT_BUDGET_KB = 290;
const BUDGET_KB: Partial<Record<FunctionArea, number>> = {
  // allocation 305 → 340: the draws' public pages (/draw, /draw/{cropId}/{year}), their template, styles and texts.
  allocation: 340,
  // admin runs the reconciliation job by hand for a super_admin (functions/reconcile/).
  admin: 310,
  // lots, sales and registrations also render their QR pages as HTML (and registrations the plain form):
  // their texts, styles and templates, about 20-40 KB each, and the QR code writer, 56 KB (docs/performance.md,
  // function bundles); exports carries the spreadsheet writer.
  lots: 375,
  // sales 455 → 460: the bill's and credit note's words on their codes (verified, not matching, none), in Hindi and English.
  // 460 → 464: the second-factor check before an Aadhaar number in clear (docs/decisions/0044-staff-second-factor.md),
  // and every area's handler reading a farmer session on the 'farmer' routes (functions/lib/farmer-tokens.ts).
  // 462 → 464: the proof of a mobile at registration (VerifyMobileAtRegistration) beside the farmer session in
  // functions/lib/farmer-tokens.ts, which every area's handler carries, and the setting's entry in shared/config-keys.ts (463 KB).
  sales: 464,
  exports: 440,
  // registrations 530 → 540: the form's own first page (decision 0042), the letter's kg and money (the crop's lots
  // of the year, functions/registrations/letter-price.ts) and erasure reaching the SMS outbox (534 KB, 2026-11-29).
  // 540 → 550: the farmers' one-time codes (decision 0043): the code's store, keys and seal, the farmer session,
  // My registrations and find my letter by mobile and code (549 KB, 2026-11-29).
  // 550 → 558: VerifyMobileAtRegistration: the proof token, the submit's check and the plain forms' code step
  // with its words in Hindi and English (557 KB).
  registrations: 558,
  // notifications (292 KB): the outbox, templates and reminder job read registrations, the appointment calendar and the
  // DLT template rules (shared/sms-templates.ts); the SMS client itself is only in the sender's bundle.
  notifications: 300,
};

describe('function bundle sizes', { timeout: 240_000 }, () => {
  it('every area bundle is within its budget', async () => {
    const sizes = new Map<FunctionArea, number>();
    for (const area of FUNCTION_AREAS) {
      const out = await build({ ...esbuildOptionsOf(area), write: false, outfile: 'index.mjs', logLevel: 'silent' });
      sizes.set(area, out.outputFiles[0].contents.length);
    }
    const rows = [...sizes].map(([area, bytes]) => ({
      area,
      kb: Math.round(bytes / 1024),
      budget: BUDGET_KB[area] ?? DEFAULT_BUDGET_KB,
      goal: bytes <= GOAL_KB * 1024 ? 'met' : `over by ${Math.round(bytes / 1024 - GOAL_KB)} KB`,
    }));
    console.table(rows);
    expect(rows.filter((r) => r.kb > r.budget)).toEqual([]);
  });
});
