/**
 * The built web app served by the local stand-in (infra/local/stack.ts: DynamoDB Local, s3rver, the gateway)
 * in this process, on free loopback ports with a temporary data directory, with what the public pages show:
 * a crop, a producer, a lot (for /lot/{code}), a farmer's registration (for /svs/appointment/{code}) and the
 * bill of its sale (for /bill/{number}), all made through the API as staff and a farmer would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerFarmer, validFields } from '@test/fixtures/registration-helpers';
import { SAMPLE_PRODUCER, SAMPLE_WHEAT } from '@test/fixtures/sample-catalogue';
import { freePort } from '@test/support/ports';

export interface PublicPagesSite {
  url: string;
  /** Paths of the public pages with real data behind them. */
  paths: {
    home: string;
    registration: string;
    appointment: string;
    bill: string;
    /** The bill as its QR code opens it: with its token (the farmer's copy). */
    billWithToken: string;
    lot: string;
  };
  stop(): Promise<void>;
}

const ADMIN_EMAIL = 'bench-lighthouse@seed.local';
const ADMIN_PASSWORD = 'bench-lighthouse-pass-1';

export async function startPublicPagesSite(staticDir: string): Promise<PublicPagesSite> {
  process.env.LOG_LEVEL ??= 'silent';
  const { startLocalStack } = await import('@infra/local/stack');
  const dataDir = mkdtempSync(join(tmpdir(), 'seed-lighthouse-'));
  const [port, dynamoPort, s3Port] = await Promise.all([freePort(), freePort(), freePort()]);
  const stack = await startLocalStack({
    port,
    dataDir,
    dynamoPort,
    s3Port,
    tableName: 'seed-lighthouse',
    uploadsBucket: 'seed-uploads',
    staticDir,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
  });
  const stop = async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const res = await fetch(`${stack.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json().catch(() => undefined)) as Record<string, any> | undefined;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json!;
    };
    const token = (await call('POST', '/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token as string;
    const producer = await call('POST', '/api/producers', SAMPLE_PRODUCER, token);
    const wheat = await call('POST', '/api/crops', SAMPLE_WHEAT, token);
    await call('POST', '/api/crops', { cropName: 'Chickpea', description: 'Chickpea seed' }, token);
    const lot = await call(
      'POST',
      '/api/lots',
      { producerID: producer.producerID, cropID: wheat.cropID, quantityAvailable: 500, pricePerUnit: 32.5, isSubsidized: true },
      token,
    );
    // A fresh install has registrations closed: opened as an admin does once the catalogue is there.
    await call('POST', '/api/config', { key: 'Is_SVS_Form_On', value: 'true' }, token);

    const reg = await registerFarmer(
      { url: stack.url },
      validFields({ cropName: 'Wheat', cropId: wheat.cropID, bagsRequested: 2 }),
    );
    if (reg.status !== 201) throw new Error(`registration: ${reg.status} ${reg.text}`);
    const { id, year, uniqueCode } = reg.json.data as { id: number; year: number; uniqueCode: string };
    const sale = await call(
      'POST',
      '/api/sales/make',
      { farmerID: null, lotID: lot.lotID, registrationID: id, year, bags: 2, bagSizeKg: 40, paymentMode: 'Cash' },
      token,
    );

    const staffView = await call(
      'GET',
      `/api/invoices/by-number/${encodeURIComponent(sale.invoiceNumber as string)}`,
      undefined,
      token,
    );

    return {
      url: stack.url,
      paths: {
        home: '/',
        registration: '/registration',
        appointment: `/svs/appointment/${encodeURIComponent(uniqueCode)}`,
        bill: `/bill/${encodeURIComponent(sale.invoiceNumber as string)}`,
        billWithToken: `/bill/${encodeURIComponent(sale.invoiceNumber as string)}?t=${encodeURIComponent(staffView.verifyToken as string)}`,
        lot: `/lot/${encodeURIComponent(lot.lotCode as string)}`,
      },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
