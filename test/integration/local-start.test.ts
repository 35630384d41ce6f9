import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { registerFarmer, useCrops, validFields } from '../fixtures/registration-helpers';
import { freePort } from '../support/ports';
import { rawRequest, requestHead, TRUNCATED_FILE_PART, type RawRequest } from '../support/raw-http';

/**
 * `npm start` as a new user runs it (infra/local/start.ts in its own process): the first start prints a
 * generated super_admin password once, data stays in DATA_DIR across a restart, and the second start
 * prints no password. Uses its own DynamoDB Local (on disk) and s3rver on free ports. The restarted process then
 * takes broken requests (a multipart form cut off in a file part, malformed URLs, a client leaving mid-body) and
 * must still be running and serving afterwards (one start fewer than a process of its own: each start is a
 * DynamoDB Local of its own).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'seed-start-'));
const running: ChildProcess[] = [];

afterAll(() => {
  for (const p of running) if (p.exitCode === null) p.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

type Started = { proc: ChildProcess; output: () => string; url: string };

/** The restarted process and the password the first start printed, for the broken requests. */
let restarted: { app: Started; password: string } | undefined;

async function start(ports: { app: number; dynamo: number; s3: number }): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(ports.app),
    DYNAMODB_PORT: String(ports.dynamo),
    S3_PORT: String(ports.s3),
    // The SMS stand-in on a port of this start's own (its default, 4580, may be another start's).
    SMS_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SEED_ADMIN_EMAIL: 'first-admin@seed.local',
    LOG_LEVEL: 'silent',
  };
  // Nothing of the test harness's: its tables, buckets, endpoints or keys, and no preset password.
  for (const k of [
    'SEED_ADMIN_PASSWORD',
    'SEED_DEMO_DATA',
    'TABLE_NAME',
    'UPLOADS_BUCKET',
    'JWT_SECRET',
    'AADHAAR_KEY',
    'PUBLIC_BASE_URL',
    'DYNAMODB_ENDPOINT',
    'S3_ENDPOINT',
    'SMS_ENDPOINT',
  ]) {
    delete env[k];
  }
  const proc = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(proc);
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in 90 s:\n${out}`)), 90_000);
    const check = () => {
      if (/Seed portal ready at/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', check);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
  return { proc, output: () => out, url: `http://localhost:${ports.app}` };
}

async function stop(proc: ChildProcess): Promise<void> {
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

const login = (url: string, password: string) =>
  fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'first-admin@seed.local', password }),
  });

describe('npm start', () => {
  it('prints a generated password once, serves the app and keeps the data across a restart', async () => {
    const ports = { app: await freePort(), dynamo: await freePort(), s3: await freePort() };
    const first = await start(ports);
    const password = /password: (\S+)/.exec(first.output())?.[1];
    expect(password, first.output()).toBeTruthy();
    expect(first.output()).toContain(`Seed portal ready at ${first.url}`);
    expect(first.output()).toContain(`Data kept in ${dataDir}`);

    const page = await fetch(`${first.url}/admin/lots`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const signedIn = await login(first.url, password!);
    expect(signedIn.status).toBe(200);
    const { token, role } = (await signedIn.json()) as { token: string; role: string };
    expect(role).toBe('super_admin');
    const saved = await fetch(`${first.url}/api/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ key: 'KeptAcrossRestart', value: 'yes' }),
    });
    expect(saved.status).toBe(200);
    await stop(first.proc);

    // New ports for the restart: the first ones lie in the range the system hands out to outgoing connections,
    // and any of the run's connections may have taken one meanwhile. The data folder is what is kept.
    const second = await start({ app: await freePort(), dynamo: await freePort(), s3: await freePort() });
    expect(second.output()).not.toContain('password:');
    const again = await login(second.url, password!);
    expect(again.status).toBe(200);
    const kept = await fetch(`${second.url}/api/config/KeptAcrossRestart`, {
      headers: { authorization: `Bearer ${((await again.json()) as { token: string }).token}` },
    });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ key: 'KeptAcrossRestart', value: 'yes' });
    restarted = { app: second, password: password! };
  }, 240_000);
});

describe('npm start after broken requests', () => {
  it('answers each with a 4xx (or drops the client that left), stays up, and still serves the app and takes a registration', async () => {
    if (!restarted) throw new Error('the restart above did not come up');
    const { app } = restarted;
    // What each should get: a 4xx, the app shell (an odd but harmless path), or nothing (the client left).
    const broken: [string, RawRequest, '4xx' | 'shell' | 'gone'][] = [
      [
        'the multipart form cut off inside the file part',
        {
          head:
            requestHead('POST', '/svsregistration', {
              'Content-Type': 'multipart/form-data; boundary=zzz',
              'Content-Length': TRUNCATED_FILE_PART.length,
            }) + TRUNCATED_FILE_PART,
        },
        '4xx',
      ],
      ['GET /%E0%A4%A', { head: requestHead('GET', '/%E0%A4%A') }, '4xx'],
      ['a bad encoding in an API path', { head: requestHead('GET', '/svsregistration/AppointmentList/%E0%A4%A') }, '4xx'],
      ['GET //', { head: requestHead('GET', '//') }, 'shell'],
      [
        'a chunked body cut off',
        {
          head:
            requestHead('POST', '/svsregistration', {
              'Content-Type': 'multipart/form-data; boundary=zzz',
              'Transfer-Encoding': 'chunked',
            }) + `400\r\n${TRUNCATED_FILE_PART}`,
          halfClose: true,
        },
        '4xx',
      ],
      [
        'a body aborted by the client',
        {
          head: requestHead('POST', '/svsregistration', {
            'Content-Type': 'application/json',
            'Content-Length': 2000,
            Expect: '100-continue',
          }),
          afterContinue: { body: '{"Name":', andThen: 'destroy' },
        },
        'gone',
      ],
    ];
    for (const [what, req, expected] of broken) {
      const r = await rawRequest(app.url, req);
      const shown = `${what}: ${r.text.slice(0, 300)}`;
      if (expected === 'shell') expect(r.status, shown).toBe(200);
      if (expected === '4xx') expect(r.status, shown).toBeGreaterThanOrEqual(400);
      if (r.status !== null) expect(r.status, shown).toBeLessThan(500);
    }
    const truncated = await rawRequest(app.url, broken[0][1]);
    expect(truncated.status).toBe(400);
    expect(truncated.text).toMatch(/फॉर्म पढ़ा नहीं जा सका.*The form could not be read/);

    expect(app.proc.exitCode, app.output()).toBeNull();
    const page = await fetch(`${app.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // A whole registration: upload URL, the presigned PUT to the S3 stand-in, the form, the letter.
    const signedIn = await login(app.url, restarted.password);
    expect(signedIn.status).toBe(200);
    const asAdmin = {
      'content-type': 'application/json',
      authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}`,
    };
    const crop = await fetch(`${app.url}/api/crops`, {
      method: 'POST',
      headers: asAdmin,
      body: JSON.stringify({ cropName: 'Wheat', description: 'Wheat seed' }),
    });
    expect(crop.status).toBe(201);
    useCrops({ Wheat: ((await crop.json()) as { cropID: number }).cropID });
    // Registrations stay closed from the first start until an admin opens them (the dashboard's first-run checklist).
    const closed = await fetch(`${app.url}/api/config/Is_SVS_Form_On`);
    expect(await closed.json()).toMatchObject({ value: 'false' });
    const fields = validFields();
    await expect(registerFarmer({ url: app.url }, fields)).rejects.toThrow(/upload-url failed: 403/);
    const opened = await fetch(`${app.url}/api/config`, {
      method: 'POST',
      headers: asAdmin,
      body: JSON.stringify({ key: 'Is_SVS_Form_On', value: 'true' }),
    });
    expect(opened.status).toBe(200);
    const registered = await registerFarmer({ url: app.url }, fields);
    expect(registered.status, registered.text).toBe(201);
    const letter = await fetch(`${app.url}/svsregistration/AppointmentList/${registered.json.data.uniqeCode}`);
    expect(letter.status).toBe(200);
    expect(app.proc.exitCode, app.output()).toBeNull();
    await stop(app.proc);
  }, 240_000);
});
