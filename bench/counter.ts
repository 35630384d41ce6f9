/**
 * The counter's flow from a scanned letter to a printed bill, timed over HTTP as the Today screen makes it
 * (docs/decisions/0025-counter-day.md): check-in, the list reloaded, the token called at the counter, the sale
 * dialog's crop and lots, the sale, the list reloaded, then the bill page's bill and its QR image. Prints the
 * requests and bytes of one flow and the median and p90 time of N flows, one after the other.
 *
 *   npx tsx bench/counter.ts                      # starts the local stand-in on free ports (temporary data)
 *   N=40 npx tsx bench/counter.ts
 *   BASE_URL=http://localhost:3000 ADMIN_EMAIL=... ADMIN_PASSWORD=... npx tsx bench/counter.ts
 *
 * The form books later days than today, so the run turns AcceptOtherDays on: each letter is checked in as
 * another day's, which costs the same reads and writes. Not a test: it prints figures (docs/performance.md).
 */
import './lib/bench-env';
import { newAadhaar, registerFarmer, useCrops, validFields } from '../test/fixtures/registration-helpers';
import { call, envNumbers, must, percentile, setConfig, type Http } from './lib/common';
import { benchTarget } from './lib/stand-in';

const { N } = envNumbers({ N: 20 });

interface Step {
  what: string;
  requestBytes: number;
  responseBytes: number;
}

/** One request of the flow: its body and answer in bytes (headers left out: they depend on the hop). */
async function measured(h: Http, steps: Step[], what: string, method: string, path: string, token: string, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const res = await fetch(new URL(path, h.url), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload,
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${bytes.toString('utf8')}`);
  steps.push({ what, requestBytes: payload ? Buffer.byteLength(payload) : 0, responseBytes: bytes.length });
  return res.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined;
}

async function main() {
  const { h, token, local, stop } = await benchTarget('counter');
  console.log(`Counter flow: N=${N} flows, target ${h.url}${local ? ' (local stand-in)' : ''}`);
  try {
    // ---- catalogue and letters (not timed) ----
    const stamp = Date.now().toString(36);
    const producer = must(
      await call(h, 'POST', '/api/producers', token, {
        name: `Bench Producer ${stamp}`,
        aadhaarNumber: newAadhaar(7),
        contactNumber: '9876543210',
        address: 'Kanpur',
      }),
      'producer',
    ).json;
    const crop = must(
      await call(h, 'POST', '/api/crops', token, { cropName: `Counter wheat ${stamp}`, description: 'bench' }),
      'crop',
    ).json;
    useCrops({ [crop.cropName]: crop.cropID });
    must(
      await call(h, 'POST', '/api/lots', token, {
        producerID: producer.producerID,
        cropID: crop.cropID,
        quantityAvailable: N * 200,
        pricePerUnit: 30,
      }),
      'lot',
    );
    await setConfig(h, token, { AcceptOtherDays: 'true', Is_SVS_Form_On: 'true' });
    const letters: { id: number; year: number; code: string }[] = [];
    for (let i = 0; i < N; i++) {
      const r = await registerFarmer(h, validFields({ cropName: crop.cropName, bagsRequested: 1 }));
      if (r.status !== 201) throw new Error(`registration: ${r.status} ${r.text}`);
      letters.push({ id: r.json.data.id, year: r.json.data.year, code: r.json.data.uniqueCode });
    }

    // ---- the flows (timed one after the other, as one counter works) ----
    const times: number[] = [];
    let first: Step[] = [];
    for (const letter of letters) {
      const steps: Step[] = [];
      const started = performance.now();
      const checkin = await measured(h, steps, 'check-in', 'POST', '/api/checkin', token, {
        code: `${h.url}/svs/appointment/${letter.code}`,
      });
      await measured(h, steps, "today's list", 'GET', '/api/today', token);
      await measured(h, steps, 'serve', 'POST', '/api/queue/serve', token, {
        registrationId: letter.id,
        year: letter.year,
        counter: 'Counter 1',
      });
      await measured(h, steps, 'crops (sale dialog)', 'GET', '/api/crops/dropdown?includeInactive=true', token);
      const lots = await measured(h, steps, 'lots (sale dialog)', 'GET', `/api/lots/for-crop?cropId=${crop.cropID}`, token);
      const sale = await measured(h, steps, 'sale', 'POST', '/api/sales/make', token, {
        lotID: lots[0].lotID,
        registrationID: checkin.registration.registrationId,
        year: checkin.registration.year,
        bags: 1,
        paymentMode: 'Cash',
      });
      await measured(h, steps, "today's list", 'GET', '/api/today', token);
      const bill = await measured(h, steps, 'bill', 'GET', `/api/invoices/by-number/${sale.invoiceNumber}`, token);
      const t = bill.verifyToken ? `?t=${encodeURIComponent(bill.verifyToken)}` : '';
      await measured(h, steps, "bill's QR", 'GET', `/api/invoices/by-number/${sale.invoiceNumber}/qrcode.png${t}`, token);
      times.push(performance.now() - started);
      if (!first.length) first = steps;
    }

    const sum = (f: (s: Step) => number) => first.reduce((a, s) => a + f(s), 0);
    console.log('\nOne flow, scan to printed bill (bodies only):');
    for (const s of first)
      console.log(
        `  ${s.what.padEnd(22)} ${String(s.requestBytes).padStart(6)} B up ${String(s.responseBytes).padStart(7)} B down`,
      );
    console.log(
      `  ${'total'.padEnd(22)} ${String(sum((s) => s.requestBytes)).padStart(6)} B up ${String(sum((s) => s.responseBytes)).padStart(7)} B down, ${first.length} requests`,
    );
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `\nTime of a flow over ${times.length} flows: median ${percentile(sorted, 50).toFixed(0)} ms, p90 ${percentile(sorted, 90).toFixed(0)} ms, min ${sorted[0].toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms`,
    );
  } finally {
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
