import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** `infra/app.ts` refuses, before building anything, a deployment that would leave alarms unread or the API open. */
function synthWith(env: Record<string, string>, ...context: string[]) {
  const keep = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(ALARM_EMAIL|SITE_DOMAIN|SITE_CERTIFICATE_ARN|SITE_API_CERTIFICATE_ARN|SITE_OPEN_API_ENDPOINT|REGISTRATION_\w+|CDK_OUTDIR)$/.test(
          k,
        ),
    ),
  );
  // tsx runs the app directly; without CDK_OUTDIR it would synthesize into cdk.out/, which these cases never reach.
  const run = spawnSync('npx', ['tsx', 'infra/app.ts', ...context], {
    env: { ...keep, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, stderr: run.stderr };
}

describe('deployment options', () => {
  it('requires an alarm address', () => {
    const run = synthWith({});
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('Give the alarm address');
  });

  it('refuses to leave the execute-api address open unless a trial says so', () => {
    const open = synthWith({ ALARM_EMAIL: 'ops@example.org' });
    expect(open.status).not.toBe(0);
    expect(open.stderr).toContain('openApiEndpoint=accepted');

    const noRegionalCertificate = synthWith({
      ALARM_EMAIL: 'ops@example.org',
      SITE_DOMAIN: 'seeds.example.org',
      SITE_CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/edge',
    });
    expect(noRegionalCertificate.status).not.toBe(0);
    expect(noRegionalCertificate.stderr).toContain('apiCertificateArn');
  });

  it('stops on a malformed opening time before anything is built', () => {
    const run = synthWith({ ALARM_EMAIL: 'ops@example.org', SITE_OPEN_API_ENDPOINT: 'accepted', REGISTRATION_OPENS_AT: '9.30' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('registrationOpensAt must be a time of day as HH:MM');
  });
});
