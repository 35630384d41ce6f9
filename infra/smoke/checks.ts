/**
 * The smoke test of a deployment (docs/deployment.md, "First deploy on a new account"): what a person would
 * click through after `cdk deploy`, as requests. Each check says what it saw; nothing is written but a sign-in.
 */
export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SmokeOptions {
  /** The site's address (the DistributionDomain or the custom domain), e.g. https://seeds.example.org */
  site: string;
  /** The API's own execute-api address (the ApiUrl output): it must refuse, since calls there skip CloudFront. */
  executeApiUrl?: string;
  /** A staff account to sign in with (e.g. the seeded super_admin). */
  email?: string;
  password?: string;
  timeoutMs?: number;
}

async function get(url: string, timeoutMs: number, init: RequestInit = {}) {
  return fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
}

async function check(name: string, run: () => Promise<string>): Promise<SmokeCheck> {
  try {
    return { name, ok: true, detail: await run() };
  } catch (e) {
    return { name, ok: false, detail: (e as Error).message };
  }
}

function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export async function runSmokeChecks(opts: SmokeOptions): Promise<SmokeCheck[]> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const site = opts.site.replace(/\/+$/, '');
  const checks: SmokeCheck[] = [];

  checks.push(
    await check('home page (the app shell, with its security headers)', async () => {
      const r = await get(`${site}/`, timeoutMs);
      expectThat(r.status === 200, `GET / answered ${r.status}`);
      expectThat((r.headers.get('content-type') ?? '').includes('text/html'), 'GET / is not HTML');
      expectThat(!!r.headers.get('content-security-policy'), 'GET / has no Content-Security-Policy');
      return '200, HTML, Content-Security-Policy present';
    }),
  );
  checks.push(
    await check('a client route gets the app shell (/registration)', async () => {
      const r = await get(`${site}/registration`, timeoutMs);
      expectThat(r.status === 200, `GET /registration answered ${r.status}`);
      return '200';
    }),
  );
  checks.push(
    await check('the public API through the site (/api/home/summary)', async () => {
      const r = await get(`${site}/api/home/summary`, timeoutMs);
      if (r.status !== 200) throw new Error(`answered ${r.status}: ${(await r.text()).slice(0, 200)}`);
      await r.json();
      return '200, JSON';
    }),
  );
  checks.push(
    await check('a staff route refuses without a token (/auth/me)', async () => {
      const r = await get(`${site}/auth/me`, timeoutMs);
      expectThat(r.status === 401, `answered ${r.status} instead of 401`);
      return '401';
    }),
  );
  if (opts.email && opts.password) {
    checks.push(
      await check('sign in, then a signed-in read (/auth/me)', async () => {
        const login = await get(`${site}/auth/login`, timeoutMs, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: opts.email, password: opts.password }),
        });
        expectThat(login.status === 200, `sign-in answered ${login.status}`);
        const { token } = (await login.json()) as { token?: string };
        expectThat(typeof token === 'string', 'sign-in gave no token');
        const me = await get(`${site}/auth/me`, timeoutMs, { headers: { authorization: `Bearer ${token}` } });
        expectThat(me.status === 200, `/auth/me answered ${me.status}`);
        return 'signed in; /auth/me 200';
      }),
    );
  }
  if (opts.executeApiUrl) {
    const api = opts.executeApiUrl.replace(/\/+$/, '');
    checks.push(
      await check('the execute-api address refuses (calls there would skip CloudFront and its WAF)', async () => {
        let status: number;
        try {
          status = (await get(`${api}/api/home/summary`, timeoutMs)).status;
        } catch (e) {
          return `no answer (${(e as Error).cause ? String((e as { cause: { code?: string } }).cause.code ?? (e as Error).message) : (e as Error).message})`;
        }
        expectThat(status !== 200 && status < 500, `answered ${status}: the endpoint is open`);
        return `refused with ${status}`;
      }),
    );
  }
  return checks;
}
