import { randomBytes } from 'node:crypto';

/**
 * Seeds the built-in roles and the first super_admin into a table (normally the deployed one):
 *
 *   TABLE_NAME=<TableName output> AWS_REGION=ap-south-1 SEED_ADMIN_EMAIL=admin@example.org npx tsx infra/seed-cli.ts
 *
 * SEED_ADMIN_PASSWORD is optional; without it a password is generated and printed once. Idempotent: an
 * existing account with that email is left untouched. AWS credentials come from the usual SDK chain.
 */
async function main(): Promise<number> {
  const tableName = process.env.TABLE_NAME;
  const email = process.env.SEED_ADMIN_EMAIL?.trim();
  const password = process.env.SEED_ADMIN_PASSWORD || undefined;
  if (!tableName || !email) {
    console.error(
      'Usage: TABLE_NAME=<table> AWS_REGION=<region> SEED_ADMIN_EMAIL=<email> [SEED_ADMIN_PASSWORD=<password>] npx tsx infra/seed-cli.ts',
    );
    return 2;
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error(`SEED_ADMIN_EMAIL is not an email address: ${email}`);
    return 2;
  }
  // The server configuration insists on a JWT key; seeding never signs a token, so a throwaway one will do.
  process.env.JWT_SECRET ??= randomBytes(48).toString('base64url');

  // Imported only now: the modules read the environment set above.
  const { seedAll } = await import('./seed');
  const result = await seedAll(email, password);

  console.log(`Table ${tableName}: built-in roles present.`);
  if (!result.created) {
    console.log(`User ${result.email} already exists; nothing changed (its password was not touched).`);
  } else if (result.generatedPassword) {
    console.log(
      `Created super_admin ${result.email} with the generated password below (shown once, change it after signing in):`,
    );
    console.log(result.generatedPassword);
  } else {
    console.log(`Created super_admin ${result.email} with the password from SEED_ADMIN_PASSWORD.`);
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const e = err as { name?: string; message?: string };
    console.error(`Seeding failed: ${e?.name ?? 'Error'}: ${e?.message ?? String(err)}`);
    process.exitCode = 1;
  },
);
