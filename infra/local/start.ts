import { existsSync, readdirSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { findUserIdByEmail } from '@functions/lib/users-store';
import { seedDemoData } from '../demo-data';
import { startLocalStack } from './stack';

/** `npm start`: the product at http://localhost:3000 with DynamoDB Local and s3rver, data kept under .data/. */
// This machine's Node 20 is supported by the SDK release we pin; the notice only adds noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = resolve(import.meta.dirname, '../..');

const Options = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default(join(root, '.data')),
  DYNAMODB_PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  S3_PORT: z.coerce.number().int().min(1).max(65535).default(4569),
  /** The SMS stand-in (infra/local/sms.ts): its own port, its inbox at /inbox?to=<mobile>. */
  SMS_PORT: z.coerce.number().int().min(1).max(65535).default(4580),
  /** Share of messages whose delivery event says the carrier refused them (0 to 1). */
  SMS_FAIL_SHARE: z.coerce.number().min(0).max(1).default(0),
  TABLE_NAME: z.string().default('seed-portal'),
  UPLOADS_BUCKET: z.string().default('seed-uploads'),
  SEED_ADMIN_EMAIL: z.string().email().default('admin@seed.local'),
  SEED_ADMIN_PASSWORD: z.string().min(8, 'SEED_ADMIN_PASSWORD must have at least 8 characters').optional(),
  SEED_DEMO_DATA: z.enum(['0', '1', 'true', 'false']).optional(),
});

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the SPA when it is missing or older than its sources (the first start after npm ci). */
function ensureWebBuild(): string {
  const dist = join(root, 'frontend/dist');
  const index = join(dist, 'index.html');
  const sources = Math.max(newestMtime(join(root, 'frontend/src')), newestMtime(join(root, 'shared')));
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    console.log('Building the web app (first start or sources changed)…');
    execSync('npm run build:web --silent', { cwd: root, stdio: 'inherit' });
  }
  return dist;
}

async function main() {
  const parsed = Options.safeParse(process.env);
  if (!parsed.success) {
    console.error('Configuration problems:\n' + parsed.error.issues.map((i) => `- ${i.path.join('.')}: ${i.message}`).join('\n'));
    process.exit(1);
  }
  const o = parsed.data;
  const staticDir = ensureWebBuild();
  const started = Date.now();
  const stack = await startLocalStack({
    port: o.PORT,
    dataDir: o.DATA_DIR,
    dynamoPort: o.DYNAMODB_PORT,
    s3Port: o.S3_PORT,
    smsPort: o.SMS_PORT,
    smsFailShare: o.SMS_FAIL_SHARE,
    tableName: o.TABLE_NAME,
    uploadsBucket: o.UPLOADS_BUCKET,
    staticDir,
    adminEmail: o.SEED_ADMIN_EMAIL,
    adminPassword: o.SEED_ADMIN_PASSWORD,
  });
  if (stack.admin.generatedPassword) {
    console.log(`\nCreated the first super_admin account (shown once, write it down):`);
    console.log(`  email:    ${stack.admin.email}`);
    console.log(`  password: ${stack.admin.generatedPassword}\n`);
  } else if (stack.admin.created) {
    console.log(`Created the first super_admin account ${stack.admin.email} (password from SEED_ADMIN_PASSWORD).`);
  }
  if (o.SEED_DEMO_DATA === '1' || o.SEED_DEMO_DATA === 'true') {
    const userID = (await findUserIdByEmail(stack.admin.email))!;
    const seeded = await seedDemoData({ userID, name: 'Super Admin', email: stack.admin.email, roles: ['super_admin'] });
    console.log(seeded ? 'Added demo crops, a producer, lots and the about block.' : 'Demo data skipped: crops already exist.');
  }
  console.log(`Data kept in ${o.DATA_DIR}`);
  console.log(`SMS stand-in on ${stack.sms!.endpoint} (the messages sent to a mobile: ${stack.sms!.endpoint}/inbox?to=<mobile>)`);
  console.log(`Seed portal ready at ${stack.url} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`);

  const shutdown = async () => {
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((e) => {
  console.error(`Could not start: ${(e as Error).message}`);
  process.exit(1);
});
