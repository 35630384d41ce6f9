import { Annotations, App, Tags, Validations } from 'aws-cdk-lib';
import cdkNag from 'cdk-nag';
import { SeedPortalStack } from './cloud-stack';

const { AwsSolutionsChecks } = cdkNag; // CommonJS package: named exports via the default export

/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy` (see docs/deployment.md).
 * Options come from context (-c key=value) or the environment:
 *   stackName (default SeedPortal), region (default: the AWS profile's, else ap-south-1),
 *   domainName / SITE_DOMAIN, certificateArn / SITE_CERTIFICATE_ARN, publicBaseUrl / PUBLIC_BASE_URL.
 */
const app = new App();
const option = (key: string, envName?: string): string | undefined => {
  const fromContext = app.node.tryGetContext(key);
  if (typeof fromContext === 'string' && fromContext !== '') return fromContext;
  const fromEnv = envName ? process.env[envName] : undefined;
  return fromEnv === '' ? undefined : fromEnv;
};

const region = option('region') ?? process.env.CDK_DEFAULT_REGION ?? 'ap-south-1';
const stack = new SeedPortalStack(app, option('stackName') ?? 'SeedPortal', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region },
  description: 'Seed purchase portal: SPA on S3/CloudFront, HTTP API with one Lambda per area, DynamoDB, Aadhaar uploads',
  domainName: option('domainName', 'SITE_DOMAIN'),
  certificateArn: option('certificateArn', 'SITE_CERTIFICATE_ARN'),
  publicBaseUrl: option('publicBaseUrl', 'PUBLIC_BASE_URL'),
});

if (!/^ap-south-[12]$/.test(region)) {
  Annotations.of(stack).addWarningV2(
    'seed:region-outside-india',
    `Region ${region} is outside India: farmer and Aadhaar data would be stored abroad (use ap-south-1 or ap-south-2).`,
  );
}

Tags.of(app).add('project', 'seed-portal');
// cdk-nag 3 runs as a CDK validation plugin: any unacknowledged finding fails `cdk synth`.
// Acknowledgements (with reasons) are also written into the template metadata as an audit trail.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true, writeSuppressionsToCloudFormation: true }));
