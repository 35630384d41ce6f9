/**
 * The crops of the surge's run with scarce stock (bench/surge.ts `--stock-percent`): one per surge crop, named
 * `<crop> <tag>`, with that crop's default rules, each stocked with exactly the kg of `percent` % of the
 * requests the run sends for it (rounded to whole requests). A request's kg are counted as the server counts
 * them (`promisedGramsOf`), so that many requests are confirmed and the rest waitlisted.
 */
import { defaultRulesFor, clampQty } from '@shared/crop-rules';
import { promisedGramsOf } from '@functions/allocation/promise';
import { gramsToKg } from '@functions/lib/units';
import { postJson, useCrops, type Http } from '@test/fixtures/registration-helpers';
import { stockCrop, SURGE_CROPS, surgeFarmers } from './surge-client';

export interface ScarceStock {
  crop: string;
  cropId: number;
  requests: number;
  /** Requests the stock is for. */
  fits: number;
  stockKg: number;
}

export async function scarceSurge(
  h: Http,
  adminToken: string,
  o: { n: number; percent: number; tag: string },
): Promise<{ farmers: Record<string, unknown>[]; stock: ScarceStock[] }> {
  const auth = { authorization: `Bearer ${adminToken}` };
  const names = SURGE_CROPS.map((base) => `${base} ${o.tag}`);
  const ids: Record<string, number> = {};
  for (const [k, cropName] of names.entries()) {
    const rules = defaultRulesFor(SURGE_CROPS[k]);
    const r = await postJson(h, '/api/crops', { cropName, description: 'bench, scarce stock', rules }, auth);
    if (r.status !== 201) throw new Error(`crop ${cropName}: ${r.status} ${r.text}`);
    ids[cropName] = r.json.cropID;
  }
  useCrops(ids);
  const farmers = surgeFarmers(o.n, names);
  const stock: ScarceStock[] = [];
  for (const [k, crop] of names.entries()) {
    const rules = defaultRulesFor(SURGE_CROPS[k]);
    const grams = farmers
      .filter((f) => f.cropName === crop)
      .map((f) => promisedGramsOf(rules, { bagsRequested: clampQty(Number(f.bagsRequested), rules), unit: rules?.unit ?? 'kg' }));
    const fits = Math.round((grams.length * o.percent) / 100);
    const stockKg = gramsToKg(grams.slice(0, fits).reduce((a, g) => a + g, 0));
    if (stockKg > 0) await stockCrop(h, adminToken, ids[crop], stockKg);
    stock.push({ crop, cropId: ids[crop], requests: grams.length, fits, stockKg });
  }
  return { farmers, stock };
}
