import { parseArgs } from 'node:util';
import { runSmokeChecks } from './smoke/checks';

/**
 * After a deploy: npx tsx infra/smoke-cli.ts --site https://seeds.example.org [--execute-api <ApiUrl output>]
 * [--email <staff email>] (the password from SMOKE_PASSWORD). Prints each check; exits 1 when one fails.
 */
const USAGE =
  'Usage: [SMOKE_PASSWORD=…] npx tsx infra/smoke-cli.ts --site <https://site> [--execute-api <ApiUrl>] [--email <staff email>]';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: { site: { type: 'string' }, 'execute-api': { type: 'string' }, email: { type: 'string' } },
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!args.site || !URL.canParse(args.site)) {
    console.error(USAGE);
    return 2;
  }
  const checks = await runSmokeChecks({
    site: args.site,
    executeApiUrl: args['execute-api'],
    email: args.email,
    password: process.env.SMOKE_PASSWORD,
  });
  for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(failed ? `${failed} of ${checks.length} checks failed.` : `All ${checks.length} checks passed.`);
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`The smoke test could not run: ${(err as Error)?.message ?? String(err)}`);
    process.exitCode = 1;
  },
);
