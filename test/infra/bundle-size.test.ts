import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as bundling from '@infra/bundling';
import { FUNCTION_AREAS, type FunctionArea } from '@shared/routes';

/**
 * Every function, minified as the stack builds it (AREA_BUNDLING through esbuild, no CDK synth), stays within
 * its size budget: the API areas and every other function the stack declares (each `*_ENTRY` of
 * infra/bundling.ts: stream consumers, schedules, the authorizer; a new one is held to the ceiling at once).
 * The ceiling is 300 KB for each. The budgets are the sizes reached (docs/performance.md, "Issue 34, target 4:
 * function bundles") plus a few KB, so a bundle that grows is seen at once. Lower a budget when a bundle
 * shrinks; raise one only with the reason in that section, and never above the ceiling except for the areas
 * listed in OVER_CEILING_KB, whose budgets are raised only with the reason beside them.
 */
const CEILING_KB = 300;
const DEFAULT_AREA_BUDGET_KB = 235;
const AREA_BUDGET_KB: Partial<Record<FunctionArea, number>> = {
  // admin runs the reconciliation job by hand for a super_admin (functions/reconcile/); + 10 KB with the offline
  // counter's schemas and counter invoice numbers: 265 KB; − 7 KB on 2026-11-30, the bill numbers read without
  // the schemas (shared/invoice-numbers.ts): 258 KB.
  admin: 263,
  // lots and allocation render public pages (the lot's QR page; the draws) with their texts and styles; lots
  // also draws QR codes (qrcode's encoder, 21 KB): 281 and 282 KB.
  lots: 286,
  allocation: 287,
  // the outbox and templates API and the reminder job: 242 KB.
  notifications: 247,
  // the spreadsheet and CSV writers and the lists they export (registrations, bills, today, day close); 365 KB
  // before 2026-11-30, when the XLSX came to be written by functions/exports/xlsx.ts (no write-excel-file, no
  // fflate) and the bills came without their amount in words (no to-words): 270 KB.
  exports: 275,
};
/**
 * Over the ceiling, with what they carry beyond the common 215-230 KB (docs/performance.md, issue 34 target 4):
 * registrations the form's pages, letters, uploads, farmer codes and busboy (447 KB); sales the bill and credit
 * note pages, amounts in words and QR codes (364 KB).
 */
const OVER_CEILING_KB: Partial<Record<FunctionArea, number>> = {
  // + 8 KB with the offline counter: the sales and offline-counter schemas it reaches through shared/schemas: 457 KB;
  // − 7 KB on 2026-11-30, the stored bill's numbers read from shared/invoice-numbers.ts, without those schemas: 450 KB.
  registrations: 453,
  // + 30 KB with the offline counter (prepare, the offline batch, conflicts, reconciliation): 394 KB.
  sales: 398,
};
/** The functions that are not API areas (stream consumers, schedules, the authorizer); a new one gets the ceiling. */
const ENTRY_BUDGET_KB: Record<string, number> = {
  ORIGIN_AUTHORIZER_ENTRY: 106,
  SMS_DELIVERY_EVENTS_ENTRY: 141,
  ORPHAN_SCAN_SWEEPER_ENTRY: 143,
  AUDIT_ARCHIVE_ENTRY: 155,
  SCAN_RETENTION_ENTRY: 167,
  SMS_SENDER_ENTRY: 172,
  SMS_JOBS_ENTRY: 177,
  ALLOCATION_SWEEPER_ENTRY: 188,
  REGISTRATION_EVENTS_ENTRY: 191,
  // + 5 KB with the offline counter's schemas and counter invoice numbers: 198 KB; − 9 KB on 2026-11-30 with the
  // bill numbers read without the schemas (shared/invoice-numbers.ts): 189 KB.
  RECONCILE_ENTRY: 194,
};

const entries = Object.entries(bundling).filter(
  (e): e is [string, string] => e[0].endsWith('_ENTRY') && typeof e[1] === 'string',
);

/**
 * Packages no function carries any more (docs/decisions/0046-signing-without-the-sdk.md): the SDK's clients, its
 * signer and credential providers, and qrcode's PNG codec. One coming back is named, with the function.
 */
const LEFT_OUT =
  /node_modules\/(@aws-sdk\/(client-[^/]+|credential-provider-(env|http|node|ini|sso|process|web-identity))|@smithy\/(signature-v4|node-http-handler)|pngjs)\//;

const leftOutSeen: string[] = [];

async function minifiedBytes(entry: string): Promise<number> {
  const out = await build({
    ...bundling.esbuildOptionsOfEntry(entry),
    write: false,
    outfile: 'index.mjs',
    logLevel: 'silent',
    metafile: true,
  });
  for (const input of Object.keys(Object.values(out.metafile.outputs)[0].inputs)) {
    const m = LEFT_OUT.exec(input);
    if (m) leftOutSeen.push(`${entry.slice(bundling.REPO_ROOT.length)}: ${m[1]}`);
  }
  return out.outputFiles[0].contents.length;
}

describe('function bundle sizes', { timeout: 240_000 }, () => {
  it('every function bundle is within its budget', async () => {
    const rows: { function: string; kb: number; budget: number; ceiling: string }[] = [];
    for (const area of FUNCTION_AREAS) {
      const bytes = await minifiedBytes(bundling.areaEntry(area));
      rows.push({
        function: area,
        kb: Math.round(bytes / 1024),
        budget: OVER_CEILING_KB[area] ?? AREA_BUDGET_KB[area] ?? DEFAULT_AREA_BUDGET_KB,
        ceiling: bytes <= CEILING_KB * 1024 ? 'met' : `over by ${Math.round(bytes / 1024 - CEILING_KB)} KB`,
      });
    }
    for (const [name, entry] of entries) {
      const bytes = await minifiedBytes(entry);
      rows.push({
        function: name,
        kb: Math.round(bytes / 1024),
        budget: ENTRY_BUDGET_KB[name] ?? CEILING_KB,
        ceiling: bytes <= CEILING_KB * 1024 ? 'met' : `over by ${Math.round(bytes / 1024 - CEILING_KB)} KB`,
      });
    }
    console.table(rows);
    expect(entries.length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((r) => r.kb > r.budget)).toEqual([]);
    expect([...new Set(leftOutSeen)]).toEqual([]);
    // Only the areas named in OVER_CEILING_KB may pass the ceiling.
    expect(rows.filter((r) => r.kb > CEILING_KB && !(r.function in OVER_CEILING_KB)).map((r) => r.function)).toEqual([]);
  });

  it('no budget is above the ceiling except those of the areas over it', () => {
    expect([...Object.values(AREA_BUDGET_KB), ...Object.values(ENTRY_BUDGET_KB)].filter((kb) => kb > CEILING_KB)).toEqual([]);
    expect(DEFAULT_AREA_BUDGET_KB).toBeLessThanOrEqual(CEILING_KB);
    expect(Object.keys(ENTRY_BUDGET_KB).filter((name) => !entries.some(([n]) => n === name))).toEqual([]);
    expect(Object.keys(OVER_CEILING_KB).filter((a) => a in AREA_BUDGET_KB)).toEqual([]);
  });
});
