import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { addSeedPortal } from '@infra/cloud-stack';
import { deploymentOptions } from '@infra/deployment-options';

/** The options as `-c key=value` would give them (the environment variables' names are not consulted here). */
const given =
  (values: Record<string, string>) =>
  (key: string): string | undefined =>
    values[key];

const TRIAL = { alarmEmail: 'ops@example.org', openApiEndpoint: 'accepted' };

/** `infra/app.ts` refuses, before building anything, a deployment that would leave alarms unread or the API open. */
describe('deployment options', { timeout: 120_000 }, () => {
  it('infra/app.ts stops without an alarm address, reading the environment as the deploy does', () => {
    const keep = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(ALARM_EMAIL|SITE_\w+|REGISTRATION_\w+|CDK_OUTDIR)$/.test(k)),
    );
    // tsx runs the app directly; without CDK_OUTDIR it would synthesize into cdk.out/, which this case never reaches.
    const run = spawnSync('npx', ['tsx', 'infra/app.ts'], { env: keep, encoding: 'utf8', timeout: 120_000 });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('Give the alarm address');
  });

  it('requires an alarm address', () => {
    expect(() => deploymentOptions(given({ openApiEndpoint: 'accepted' }))).toThrow('Give the alarm address');
  });

  it('refuses to leave the execute-api address open unless a trial says so', () => {
    expect(() => deploymentOptions(given({ alarmEmail: 'ops@example.org' }))).toThrow('openApiEndpoint=accepted');
    expect(() =>
      deploymentOptions(
        given({
          alarmEmail: 'ops@example.org',
          domainName: 'seeds.example.org',
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/edge',
        }),
      ),
    ).toThrow('apiCertificateArn');
    expect(deploymentOptions(given(TRIAL)).region).toBe('ap-south-1');
  });

  it('refuses the opt-in region CloudFront cannot log to, and a concurrency quota below 100', () => {
    expect(() => deploymentOptions(given({ ...TRIAL, region: 'ap-south-2' }))).toThrow('ap-south-2');
    expect(() => deploymentOptions(given({ ...TRIAL, accountConcurrency: '50' }))).toThrow('accountConcurrency');
  });

  it('stops on a malformed opening time before the site stack is built', () => {
    const context = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context;
    const app = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] } });
    const options = deploymentOptions(given({ ...TRIAL, registrationOpensAt: '9.30' }));
    expect(() => addSeedPortal(app, options)).toThrow('registrationOpensAt must be a time of day as HH:MM');
  });
});
