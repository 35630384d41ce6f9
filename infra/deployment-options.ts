import type { addSeedPortal } from './cloud-stack';

/** Reads one option: the context key (`-c key=value`) first, else the first environment variable named that is set. */
export type OptionReader = (key: string, ...envNames: string[]) => string | undefined;

export type SeedPortalOptions = Parameters<typeof addSeedPortal>[1];

/** A number option as given ('2.5' stays 2.5, 'x' is NaN): the stack checks it and says what is wrong. */
function numberOption(option: OptionReader, key: string, ...envNames: string[]): number | undefined {
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

/**
 * The deployment's options (infra/app.ts lists them), or an error that says what is missing before anything is
 * built: no alarm address, an API left open without a trial's consent, an opt-in region CloudFront cannot log to.
 */
export function deploymentOptions(option: OptionReader, account?: string): SeedPortalOptions {
  // The region is an explicit choice or Mumbai. CDK_DEFAULT_REGION is deliberately not used: the CLI fills it
  // with us-east-1 when nothing is configured, which would quietly put farmers' Aadhaar data outside India.
  const region = option('region', 'AWS_REGION', 'AWS_DEFAULT_REGION') ?? 'ap-south-1';
  // Hyderabad (ap-south-2) is an opt-in region, and CloudFront delivers no standard logs to a bucket in one.
  if (region === 'ap-south-2') {
    throw new Error('ap-south-2 is an opt-in region where CloudFront cannot deliver its access logs: deploy to ap-south-1.');
  }

  const alarmEmail = option('alarmEmail', 'ALARM_EMAIL');
  if (!alarmEmail) {
    throw new Error('Give the alarm address (-c alarmEmail=ops@example.org or ALARM_EMAIL): without it alarms reach no one.');
  }

  const domainName = option('domainName', 'SITE_DOMAIN');
  const certificateArn = option('certificateArn', 'SITE_CERTIFICATE_ARN');
  const apiCertificateArn = option('apiCertificateArn', 'SITE_API_CERTIFICATE_ARN');
  // Without the regional certificate the API keeps its execute-api address, where calls skip CloudFront and its
  // WAF: only an explicit trial may deploy that way.
  if (
    !(domainName && certificateArn && apiCertificateArn) &&
    option('openApiEndpoint', 'SITE_OPEN_API_ENDPOINT') !== 'accepted'
  ) {
    throw new Error(
      "Give domainName, certificateArn (us-east-1) and apiCertificateArn (the stack's region) so that the API answers only through CloudFront (docs/deployment.md). " +
        'For a trial on the cloudfront.net name, add -c openApiEndpoint=accepted: calls sent to the execute-api address then skip CloudFront and its WAF.',
    );
  }

  const smsMaxPerSecond = option('smsMaxPerSecond');
  return {
    stackName: option('stackName') ?? 'SeedPortal',
    account,
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
      hours: numberOption(option, 'registrationWarmHours', 'REGISTRATION_WARM_HOURS'),
      provisioned: numberOption(option, 'registrationProvisioned', 'REGISTRATION_PROVISIONED'),
    },
    publicBaseUrl: option('publicBaseUrl', 'SITE_PUBLIC_BASE_URL'),
    alarmEmail,
    sms: {
      entityId: option('smsEntityId'),
      senderId: option('smsSenderId'),
      maxPerSecond: smsMaxPerSecond ? Number(smsMaxPerSecond) : undefined,
    },
  };
}
