import { readFileSync } from 'node:fs';

/**
 * The records a stream consumer set aside (docs/deployment.md, runbook "A stream record set aside"):
 *
 *   npm run replay-stream -- registration-events --list          what is held, with each error
 *   npm run replay-stream -- registration-events                 hand every set-aside record to the consumer again
 *   npm run replay-stream -- audit-archive --sequence <number>   only that record
 *   npm run replay-stream -- notifications                       the SMS consumer's (a claimed message is never sent twice)
 *
 * Against `npm start` by default (its DynamoDB Local and .data/local-secrets.json); against the cloud with
 * TABLE_NAME, AWS_REGION, AADHAAR_KEY_ARN (and AUDIT_ARCHIVE_BUCKET for the archive) and the usual credentials.
 * Exit 0: nothing left failing; 1: some record failed again (it stays set aside); 2: wrong arguments.
 */
const CONSUMER_NAMES = ['registration-events', 'audit-archive', 'notifications'] as const;
type Name = (typeof CONSUMER_NAMES)[number];

function parseArgs(argv: string[]): { name: Name; list: boolean; sequenceNumber?: string } | string {
  const [name, ...rest] = argv;
  if (!CONSUMER_NAMES.includes(name as Name))
    return `Usage: npm run replay-stream -- <${CONSUMER_NAMES.join('|')}> [--list] [--sequence <number>]`;
  let list = false;
  let sequenceNumber: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--list') list = true;
    else if (rest[i] === '--sequence' && /^\d{1,40}$/.test(rest[i + 1] ?? '')) sequenceNumber = rest[++i];
    else return `Unknown or incomplete argument: ${rest[i]}`;
  }
  return { name: name as Name, list, sequenceNumber };
}

function useLocalStackUnlessCloud(): void {
  if (process.env.TABLE_NAME && !process.env.DYNAMODB_ENDPOINT) return; // the cloud: the SDK's defaults
  process.env.TABLE_NAME ??= 'seed-portal';
  process.env.DYNAMODB_ENDPOINT ??= `http://127.0.0.1:${process.env.DYNAMODB_PORT ?? 8000}`;
  process.env.S3_ENDPOINT ??= `http://127.0.0.1:${process.env.S3_PORT ?? 4569}`;
  if (process.env.JWT_SECRET && process.env.AADHAAR_KEY) return;
  try {
    const secrets = JSON.parse(readFileSync(`${process.env.DATA_DIR ?? '.data'}/local-secrets.json`, 'utf8'));
    process.env.JWT_SECRET ??= secrets.jwtSecret;
    process.env.AADHAAR_KEY ??= secrets.aadhaarKey;
  } catch {
    /* without the key a registration cannot be linked: the replay says so per record */
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  useLocalStackUnlessCloud();
  // Imported only now: the modules read the environment set above.
  const { failedRecords } = await import('@functions/lib/stream-failures');
  if (args.list) {
    const held = await failedRecords(args.name);
    for (const r of held) {
      console.log(
        `${r.sequenceNumber}  ${r.setAside ? 'set aside' : 'retrying'}  ${r.attempts} attempt(s)  ${r.itemPk}  ${r.lastFailedAt}  ${r.error}`,
      );
    }
    console.log(`${held.length} record(s) held for ${args.name}`);
    return 0;
  }
  const { replaySetAside } = await import('@functions/lib/stream-replay');
  const consumer =
    args.name === 'registration-events'
      ? (await import('@functions/registrations/registration-events')).registrationEvents
      : args.name === 'notifications'
        ? (await import('@functions/notifications/notification-events')).notificationEvents
        : (await import('@functions/audit-archive/handler')).auditArchive;
  const outcomes = await replaySetAside(consumer, { sequenceNumber: args.sequenceNumber });
  for (const o of outcomes)
    console.log(`${o.sequenceNumber}  ${o.handled ? 'handled' : `failed again: ${o.error}`}  ${o.itemPk}`);
  const failed = outcomes.filter((o) => !o.handled).length;
  console.log(`${outcomes.length - failed} handled, ${failed} still set aside`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
