/**
 * One-off data migrations on a table that already holds data (each named in the decision that needs it):
 *
 *   npm run migrate -- registration-lookup-keys   registrations' gsi3 keys removed (docs/decisions/0047-registration-write-units.md)
 *
 * Against `npm start` by default (its DynamoDB Local); against the cloud with TABLE_NAME, AWS_REGION and the usual
 * credentials. Safe to run again. Exit 0: done; 1: failed (run it again); 2: wrong arguments.
 */
const MIGRATIONS = ['registration-lookup-keys'] as const;

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  if (!MIGRATIONS.includes(name as (typeof MIGRATIONS)[number]) || rest.length) {
    console.error(`Usage: npm run migrate -- <${MIGRATIONS.join('|')}>`);
    return 2;
  }
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  if (!(process.env.TABLE_NAME && !process.env.DYNAMODB_ENDPOINT)) {
    process.env.TABLE_NAME ??= 'seed-portal';
    process.env.DYNAMODB_ENDPOINT ??= `http://127.0.0.1:${process.env.DYNAMODB_PORT ?? 8000}`;
  }
  // Imported only now: the modules read the environment set above.
  const { dropRegistrationLookupKeys } = await import('@functions/reconcile/lookup-keys-migration');
  const thisYear = Number(new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 4));
  const out = await dropRegistrationLookupKeys(thisYear);
  console.log(`years ${out.years.join(', ') || 'none'}: ${out.read} registrations read, gsi3 keys removed from ${out.removed}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`migration failed: ${(e as Error).stack ?? e}`);
    process.exit(1);
  },
);
