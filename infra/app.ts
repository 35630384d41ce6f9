import { readFileSync } from 'node:fs';
import { Annotations, App, Tags, Validations } from 'aws-cdk-lib';
import cdkNag from 'cdk-nag';
import { addSeedPortal } from './cloud-stack';

const { AwsSolutionsChecks } = cdkNag; // CommonJS package: its named exports are reached through the default export

/**
 * The CDK app behind `npx cdk synth` / `npx cdk deploy` (docs/deployment.md). Options, from context
 * (`-c key=value`) or else the environment variable named:
 *   stackName                                  default SeedPortal
 *   region        AWS_REGION, AWS_DEFAULT_REGION  default ap-south-1 (Mumbai)
 *   domainName    SITE_DOMAIN                   custom domain of the site (needs certificateArn)
 *   certificateArn SITE_CERTIFICATE_ARN         ACM certificate in us-east-1 for domainName
 *   apiCertificateArn SITE_API_CERTIFICATE_ARN  ACM certificate for domainName in the region (closes execute-api;
 *                                              required unless openApiEndpoint=accepted, for a trial without a domain)
 *   openApiEndpoint SITE_OPEN_API_ENDPOINT     'accepted': a trial that leaves the execute-api address open
 *   publicBaseUrl SITE_PUBLIC_BASE_URL          origin written into QR codes (default: the site URL)
 *   originVerifySecretVersion                  version id of the origin-verification secret CloudFront sends (rotation)
 *   alarmEmail    ALARM_EMAIL                   e-mail address subscribed to the alarm topic (required)
 *   accountConcurrency                         the account's Lambda concurrency quota (default 1000), for its alarm
 *   registrationOpensAt REGISTRATION_OPENS_AT  when the registration form opens, India time, HH:MM (default 10:00)
 *   registrationWarmHours REGISTRATION_WARM_HOURS  how long its rush lasts, in hours (default 4)
 *   registrationProvisioned REGISTRATION_PROVISIONED  registrations instances kept warm then (default 100; 0: none)
 *   smsEntityId, smsSenderId, smsMaxPerSecond  SMS under DLT: the entity ID, the sender ID (default SEEDIN) and the
 *                                              account's messages-per-second quota for India (default 20)
 * Three stacks, deployed in this order: <stackName>Edge in us-east-1 (the CloudFront web ACL), <stackName> in
 * the region, <stackName>Monitor in us-east-1 (alarms on CloudFront's and the web ACL's metrics, which exist
 * only there).
 */
// Under the CDK CLI (which sets CDK_OUTDIR) the CLI passes cdk.json's context and collects the output. Run
// directly (`npx tsx infra/app.ts`) the app reads that context itself and writes cdk.out/ on its own.
const underCli = process.env.CDK_OUTDIR !== undefined;
const app = underCli
  ? new App()
  : new App({
      outdir: 'cdk.out',
      context: JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')).context,
    });

function option(key: string, ...envNames: string[]): string | undefined {
  const fromContext: unknown = app.node.tryGetContext(key);
  if (typeof fromContext === 'string' && fromContext !== '') return fromContext;
  for (const name of envNames) {
    const value = process.env[name];
    if (value) return value;
  }
  return undefined;
}

/** A number option as given ('2.5' stays 2.5, 'x' is NaN): the stack checks it and says what is wrong. */
function numberOption(key: string, ...envNames: string[]): number | undefined {
  const value = option(key, ...envNames);
  return value === undefined ? undefined : Number(value);
}

function concurrencyQuota(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 100)
    throw new Error(`accountConcurrency must be a whole number of at least 100, not ${value}.`);
  return n;
}

// The region is an explicit choice or Mumbai. CDK_DEFAULT_REGION is deliberately not used: the CLI fills it
// with us-east-1 when nothing is configured, which would quietly put farmers' Aadhaar data outside India.
const region = option('region', 'AWS_REGION', 'AWS_DEFAULT_REGION') ?? 'ap-south-1';

const alarmEmail = option('alarmEmail', 'ALARM_EMAIL');
if (!alarmEmail) {
  throw new Error('Give the alarm address (-c alarmEmail=ops@example.org or ALARM_EMAIL): without it alarms reach no one.');
}

const domainName = option('domainName', 'SITE_DOMAIN');
const certificateArn = option('certificateArn', 'SITE_CERTIFICATE_ARN');
const apiCertificateArn = option('apiCertificateArn', 'SITE_API_CERTIFICATE_ARN');
// Without the regional certificate the API keeps its execute-api address, where calls skip CloudFront and its
// WAF: only an explicit trial may deploy that way.
if (!(domainName && certificateArn && apiCertificateArn) && option('openApiEndpoint', 'SITE_OPEN_API_ENDPOINT') !== 'accepted') {
  throw new Error(
    "Give domainName, certificateArn (us-east-1) and apiCertificateArn (the stack's region) so that the API answers only through CloudFront (docs/deployment.md). " +
      'For a trial on the cloudfront.net name, add -c openApiEndpoint=accepted: calls sent to the execute-api address then skip CloudFront and its WAF.',
  );
}

const { site: stack, monitor } = addSeedPortal(app, {
  stackName: option('stackName') ?? 'SeedPortal',
  account: process.env.CDK_DEFAULT_ACCOUNT,
  region,
  description: 'Seed purchase portal: SPA on S3 and CloudFront, HTTP API with one Lambda per area, DynamoDB, Aadhaar uploads',
  domainName,
  certificateArn,
  apiCertificateArn,
  originVerifySecretVersion: option('originVerifySecretVersion'),
  accountConcurrency: concurrencyQuota(option('accountConcurrency')),
  // Checked at synth (infra/constructs/warm-registrations.ts): a malformed value stops it with its name.
  registrationHours: {
    opensAt: option('registrationOpensAt', 'REGISTRATION_OPENS_AT'),
    hours: numberOption('registrationWarmHours', 'REGISTRATION_WARM_HOURS'),
    provisioned: numberOption('registrationProvisioned', 'REGISTRATION_PROVISIONED'),
  },
  publicBaseUrl: option('publicBaseUrl', 'SITE_PUBLIC_BASE_URL'),
  alarmEmail,
  sms: {
    entityId: option('smsEntityId'),
    senderId: option('smsSenderId'),
    maxPerSecond: option('smsMaxPerSecond') ? Number(option('smsMaxPerSecond')) : undefined,
  },
});

// Hyderabad (ap-south-2) is an opt-in region, and CloudFront delivers no standard logs to a bucket in one.
if (region === 'ap-south-2') {
  throw new Error('ap-south-2 is an opt-in region where CloudFront cannot deliver its access logs: deploy to ap-south-1.');
}
if (region !== 'ap-south-1') {
  Annotations.of(stack).addWarningV2(
    'seed:region-outside-india',
    `Region ${region} is outside India: farmer and Aadhaar data would be stored abroad (use ap-south-1).`,
  );
}

Tags.of(app).add('project', 'seed-portal');

// cdk-nag 3 runs as a CDK validation plugin: any finding that is not acknowledged (with a reason, see
// infra/constructs/) fails `cdk synth`. The acknowledgements are also written into the template metadata.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true, writeSuppressionsToCloudFormation: true }));

if (!underCli) {
  app.synth();
  console.log(
    `Synthesized ${stack.stackName}Edge, ${stack.stackName} and ${monitor.stackName} into cdk.out/ (cdk-nag AwsSolutions: no unacknowledged findings).`,
  );
}
