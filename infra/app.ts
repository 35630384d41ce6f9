import { readFileSync } from 'node:fs';
import { Annotations, App, Tags, Validations } from 'aws-cdk-lib';
import cdkNag from 'cdk-nag';
import { addSeedPortal } from './cloud-stack';
import { deploymentOptions } from './deployment-options';

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

const options = deploymentOptions(option, process.env.CDK_DEFAULT_ACCOUNT);
const { site: stack, monitor } = addSeedPortal(app, options);

if (options.region !== 'ap-south-1') {
  Annotations.of(stack).addWarningV2(
    'seed:region-outside-india',
    `Region ${options.region} is outside India: farmer and Aadhaar data would be stored abroad (use ap-south-1).`,
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
