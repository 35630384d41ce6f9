/**
 * What an entity library costs one area function: the crops function bundled as the stack bundles it, alone
 * and with the crop declared as an ElectroDB entity (the real keys and indexes) and used for one read.
 *
 *   npm install --no-save electrodb@3.9.3 && npx tsx bench/entity-library.ts      # RUNS=30 for more runs
 *
 * Each variant is built with esbuild and the options of AREA_BUNDLING (infra/bundling.ts). Load time: fresh
 * `node` processes, interleaved, each importing the bundle and timing the import, then building one GetItem
 * request through the entity (ElectroDB's `.params()`, no network) to time the first use of the library.
 * The library is not a dependency of the project: the probe entry is written at run time, so nothing in the
 * tree imports it. Figures and the choice: docs/decisions/0015-stored-items.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { LAMBDA_CREDENTIALS_MODULE, REPO_ROOT } from '../infra/bundling';

const RUNS = Number(process.env.RUNS ?? 15);
const dir = join(REPO_ROOT, 'node_modules', '.cache', 'entity-library');
mkdirSync(dir, { recursive: true });
const handler = join(REPO_ROOT, 'functions', 'crops', 'handler.ts');
const aws = join(REPO_ROOT, 'functions', 'lib', 'aws.ts');

const probeUse = `
export async function probeUse() { return { note: 'no library' }; }
`;
const entities = `
import { Entity } from 'electrodb';
import { docClient } from ${JSON.stringify(aws)};
export const crop = () =>
  new Entity(
    {
      model: { entity: 'crop', version: '1', service: 'seed' },
      attributes: {
        cropID: { type: 'number', required: true },
        cropName: { type: 'string', required: true },
        cropNameKey: { type: 'string', required: true },
        description: { type: 'string' },
        rules: { type: 'any' },
        isActive: { type: 'boolean', required: true },
        searchText: { type: 'string' },
        createdOn: { type: 'string', required: true },
        updatedOn: { type: 'string' },
      },
      indexes: {
        byId: {
          pk: { field: 'pk', composite: ['cropID'], template: 'CROP#\${cropID}' },
          sk: { field: 'sk', composite: [], template: 'CROP' },
        },
        all: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: [], template: 'CROPS' },
          sk: { field: 'gsi1sk', composite: ['cropID'] },
        },
      },
    },
    { client: docClient(), table: process.env.TABLE_NAME ?? 'seed-portal' },
  );
export async function probeUse() { return crop().get({ cropID: 1 }).params(); }
`;

const variants = {
  'crops function': `export { handler } from ${JSON.stringify(handler)};\n${probeUse}`,
  'crops function + ElectroDB entity': `export { handler } from ${JSON.stringify(handler)};\n${entities}`,
} as const;
type Variant = keyof typeof variants;

async function bundle(name: Variant, i: number): Promise<string> {
  const entry = join(dir, `entry-${i}.ts`);
  const out = join(dir, `bundle-${i}.mjs`);
  writeFileSync(entry, variants[name]);
  await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: true,
    mainFields: ['module', 'main'],
    alias: { '@aws-sdk/credential-provider-node': LAMBDA_CREDENTIALS_MODULE },
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    tsconfig: join(REPO_ROOT, 'tsconfig.json'),
    logLevel: 'error',
  });
  return out;
}

const timer = `
const t0 = performance.now();
const m = await import(process.argv[1]);
const t1 = performance.now();
await m.probeUse();
const t2 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, firstUseMs: t2 - t1 }));
`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const bundles = new Map<Variant, string>();
let i = 0;
for (const name of Object.keys(variants) as Variant[]) bundles.set(name, await bundle(name, i++));
const runs = new Map<Variant, { importMs: number; firstUseMs: number }[]>([...bundles.keys()].map((n) => [n, []]));
for (let r = 0; r < RUNS; r++) {
  for (const [name, file] of bundles) {
    const p = spawnSync(process.execPath, ['--input-type=module', '-e', timer, file], {
      env: {
        ...process.env,
        TABLE_NAME: 'seed-portal',
        JWT_SECRET: 'x'.repeat(64),
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      encoding: 'utf8',
    });
    if (p.status !== 0) throw new Error(`${name}: ${p.stderr.slice(-2000)}`);
    runs.get(name)!.push(JSON.parse(p.stdout.trim().split('\n').pop()!));
  }
}
console.log(`${RUNS} runs each: medians (fastest)`);
for (const [name, file] of bundles) {
  const code = readFileSync(file);
  const rs = runs.get(name)!;
  console.log(
    `${name.padEnd(36)} ${(code.length / 1024).toFixed(1).padStart(7)} KB  ${(gzipSync(code).length / 1024).toFixed(1).padStart(6)} KB gzip` +
      `  import ${median(rs.map((x) => x.importMs)).toFixed(1)} ms (fastest ${Math.min(...rs.map((x) => x.importMs)).toFixed(1)})` +
      `  first use ${median(rs.map((x) => x.firstUseMs)).toFixed(1)} ms (fastest ${Math.min(...rs.map((x) => x.firstUseMs)).toFixed(1)})`,
  );
}
