import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';

/**
 * `npm start` as a new user runs it (infra/local/start.ts in its own process): the first start prints a
 * generated super_admin password once, data stays in DATA_DIR across a restart, and the second start
 * prints no password. Uses its own DynamoDB Local (on disk) and s3rver on free ports.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'seed-start-'));
const running: ChildProcess[] = [];

afterAll(() => {
  for (const p of running) if (p.exitCode === null) p.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(ports: { app: number; dynamo: number; s3: number }): Promise<{ proc: ChildProcess; output: () => string; url: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(ports.app),
    DYNAMODB_PORT: String(ports.dynamo),
    S3_PORT: String(ports.s3),
    DATA_DIR: dataDir,
    SEED_ADMIN_EMAIL: 'first-admin@seed.local',
    LOG_LEVEL: 'silent',
  };
  // Nothing of the test harness's: its tables, buckets, endpoints or keys, and no preset password.
  for (const k of ['SEED_ADMIN_PASSWORD', 'SEED_DEMO_DATA', 'TABLE_NAME', 'UPLOADS_BUCKET', 'JWT_SECRET', 'AADHAAR_KEY', 'PUBLIC_BASE_URL', 'DYNAMODB_ENDPOINT', 'S3_ENDPOINT']) {
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

    const second = await start(ports);
    expect(second.output()).not.toContain('password:');
    const again = await login(second.url, password!);
    expect(again.status).toBe(200);
    const kept = await fetch(`${second.url}/api/config/KeptAcrossRestart`, {
      headers: { authorization: `Bearer ${((await again.json()) as { token: string }).token}` },
    });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ key: 'KeptAcrossRestart', value: 'yes' });
    await stop(second.proc);
  }, 240_000);
});
