import { readFileSync } from 'node:fs';
import { App, Stack } from 'aws-cdk-lib';
import { Alias, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ARN_ENV } from '@functions/lib/origin-verify';
import { VIEWER_ADDRESS_HEADER } from '@functions/lib/client-address';
import { SeedPortalStack, type SeedPortalStackProps } from '@infra/cloud-stack';
import { ORIGIN_AUTHORIZER_CACHE_SECONDS, ORIGIN_AUTHORIZER_RESERVED_CONCURRENCY } from '@infra/constructs/origin-authorizer';
import { ROUTES, routeKey, type RouteDef } from '@shared/routes';
import { METRICS_NAMESPACE } from '@functions/lib/metrics';
import { API_429_METRIC, MINUTE_ALARM_THRESHOLDS, REJECTED_SHARE_MIN_SUBMITS } from '@infra/constructs/api-access-log';
import { AREA_GRANTS, LIVE_ALIAS, ROUTE_THROTTLES } from '@infra/constructs/api';
import { DEFAULT_ACCOUNT_CONCURRENCY } from '@infra/constructs/alarms';
import {
  DEFAULT_REGISTRATION_HOURS,
  WARM_LEAD_MINUTES,
  addRegistrationWarmth,
  registrationHoursFrom,
  type RegistrationHours,
} from '@infra/constructs/warm-registrations';

/**
 * The stack as registration day needs it (docs/decisions/0045): nothing reaches a function without passing
 * CloudFront, refusals are seen, the registrations function is warm when the form opens, and a redeploy does not
 * stop on what a destroy left behind.
 */
const CDK_CONTEXT = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context as Record<
  string,
  unknown
>;
type Resource = { Properties: any; DependsOn?: string[] };
/** Lambda keeps this many of the account's concurrent executions unreserved. */
const LAMBDA_UNRESERVED_MINIMUM = 100;
const AUTHORIZER_DESCRIPTION = 'Seed portal authorizer: refuses API requests that did not come through CloudFront';

function synth(props: Partial<SeedPortalStackProps> = {}) {
  const app = new App({ context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [] } });
  const stack = new SeedPortalStack(app, 'SeedPortal', {
    env: { account: '123456789012', region: 'ap-south-1' },
    deploySpa: false,
    alarmEmail: 'ops@example.org',
    ...props,
  });
  return Template.fromStack(stack);
}

describe('SeedPortalStack on registration day', { timeout: 120_000 }, () => {
  const template = synth();
  const all = (type: string) => Object.entries(template.findResources(type)) as [string, Resource][];
  const [authorizerFnId, authorizerFn] = all('AWS::Lambda::Function').find(
    ([, f]) => f.Properties.Description === AUTHORIZER_DESCRIPTION,
  )!;

  it('puts the origin authorizer on every route of the route table: none is reachable without it', () => {
    const authorizers = all('AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [[authorizerId, authorizer]] = authorizers;
    const apiRoutes = all('AWS::ApiGatewayV2::Route');
    const keys = (ROUTES as readonly RouteDef[]).map(routeKey);
    expect(apiRoutes.map(([, r]) => r.Properties.RouteKey).sort()).toEqual([...keys].sort());
    for (const [, r] of apiRoutes) {
      expect(r.Properties, r.Properties.RouteKey).toMatchObject({
        AuthorizationType: 'CUSTOM',
        AuthorizerId: { Ref: authorizerId },
      });
    }
    // No catch-all route ($default) or stage-level route without it either.
    expect(apiRoutes.filter(([, r]) => r.Properties.RouteKey === '$default')).toEqual([]);
    // REQUEST authorizer on both headers the edge adds (without them API Gateway refuses with no invocation),
    // answers cached, simple answers, calling the authorizer function.
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`, `$request.header.${VIEWER_ADDRESS_HEADER}`],
      AuthorizerResultTtlInSeconds: ORIGIN_AUTHORIZER_CACHE_SECONDS,
      EnableSimpleResponses: true,
      AuthorizerPayloadFormatVersion: '2.0',
    });
    expect(ORIGIN_AUTHORIZER_CACHE_SECONDS).toBeGreaterThan(0);
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(`"${authorizerFnId}","Arn"`);
    // API Gateway may invoke it (and only for this authorizer).
    const [[, permission]] = all('AWS::Lambda::Permission').filter(([, p]) =>
      JSON.stringify(p.Properties.FunctionName).includes(authorizerFnId),
    );
    expect(permission.Properties.Principal).toBe('apigateway.amazonaws.com');
    expect(JSON.stringify(permission.Properties.SourceArn)).toContain(`/authorizers/`);
  });

  it("gives the authorizer the secret's ARN and a read of it, never its value, and a concurrency of its own", () => {
    const vars = authorizerFn.Properties.Environment.Variables;
    const [[secretId]] = all('AWS::SecretsManager::Secret').filter(([id]) => id.startsWith('OriginVerifySecret'));
    expect(vars[ORIGIN_VERIFY_SECRET_ARN_ENV]).toEqual({ Ref: secretId });
    expect(JSON.stringify(vars)).not.toMatch(/resolve:secretsmanager/);
    expect(authorizerFn.Properties.ReservedConcurrentExecutions).toBe(ORIGIN_AUTHORIZER_RESERVED_CONCURRENCY);
    const roleId = authorizerFn.Properties.Role['Fn::GetAtt'][0];
    const statements = all('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const actions = statements.flatMap((st) => [st.Action].flat());
    expect(actions).toContain('secretsmanager:GetSecretValue');
    expect(actions.filter((a) => /^(dynamodb|s3|kms):/.test(a))).toEqual([]);
  });

  it("logs each request's viewer address, route, status and latencies in the API access log", () => {
    const [[stageId, stage]] = all('AWS::ApiGatewayV2::Stage');
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format);
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      // The authorizer's context: the address CloudFront's viewer-address function wrote (not the edge's).
      viewer: '$context.authorizer.viewer',
      routeKey: '$context.routeKey',
      status: '$context.status',
      responseLatency: '$context.responseLatency',
      integrationLatency: '$context.integrationLatency',
    });
    expect(stageId).toMatch(/^HttpApiDefaultStage/);
    // Detailed (per-route) metrics on the routes with throttles of their own.
    const settings = stage.Properties.RouteSettings as Record<string, { DetailedMetricsEnabled?: boolean }>;
    expect(Object.keys(ROUTE_THROTTLES).length).toBeGreaterThan(0);
    for (const key of Object.keys(ROUTE_THROTTLES)) expect(settings[key]?.DetailedMetricsEnabled, key).toBe(true);
  });

  it('alarms per minute on the API’s 429s (counted from the access log) and 5xxs, and on the share of refused registrations', () => {
    const [[logGroupId]] = all('AWS::Logs::LogGroup').filter(([id]) => id.startsWith('HttpApiAccessLogs'));
    const [stageResource] = all('AWS::ApiGatewayV2::Stage');
    expect(JSON.stringify(stageResource[1].Properties.AccessLogSettings.DestinationArn)).toContain(logGroupId);
    const [[, filter]] = all('AWS::Logs::MetricFilter');
    expect(filter.Properties).toMatchObject({
      LogGroupName: { Ref: logGroupId },
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [{ MetricNamespace: METRICS_NAMESPACE, MetricName: API_429_METRIC, MetricValue: '1' }],
    });
    const alarms = all('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const throttled = alarms.filter((a) => a.MetricName === API_429_METRIC);
    expect(throttled).toHaveLength(1);
    expect(throttled[0]).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      Statistic: 'Sum',
      Period: 60,
      Threshold: MINUTE_ALARM_THRESHOLDS.api429,
    });
    const errors = alarms.filter((a) => a.Namespace === 'AWS/ApiGateway' && a.MetricName === '5xx');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ Period: 60, Statistic: 'Sum', Threshold: MINUTE_ALARM_THRESHOLDS.api5xx });
    const refused = alarms.filter((a) => JSON.stringify(a.Metrics ?? []).includes('"MetricName":"RegistrationRejected"'));
    expect(refused).toHaveLength(1);
    expect(refused[0].Threshold).toBe(MINUTE_ALARM_THRESHOLDS.registrationRejectedPercent);
    const expression = refused[0].Metrics.find((m: any) => m.Expression);
    expect(expression.Expression).toContain(`>= ${REJECTED_SHARE_MIN_SUBMITS}`);
    for (const m of refused[0].Metrics.filter((x: any) => x.MetricStat)) {
      expect(m.MetricStat).toMatchObject({ Period: 60, Stat: 'Sum', Metric: { Namespace: METRICS_NAMESPACE } });
      expect(m.MetricStat.Metric.Dimensions).toEqual([{ Name: 'service', Value: 'registrations' }]);
    }
    // Every one of them tells the alarm topic when it fires and when it clears.
    for (const a of [...throttled, ...errors, ...refused]) {
      expect(a.AlarmActions).toHaveLength(1);
      expect(a.OKActions).toEqual(a.AlarmActions);
    }
  });

  it('keeps registrations:live warm for the opening hours (India time), and every registration route calls that alias', () => {
    const [registrationsId, registrations] = all('AWS::Lambda::Function').find(
      ([, f]) => f.Properties.Description === 'Seed portal API area: registrations',
    )!;
    const [liveId] = all('AWS::Lambda::Alias').find(
      ([, a]) => a.Properties.FunctionName.Ref === registrationsId && a.Properties.Name === LIVE_ALIAS,
    )!;
    const targets = all('AWS::ApplicationAutoScaling::ScalableTarget');
    expect(targets).toHaveLength(1);
    const [[, target]] = targets;
    const { provisioned, opensAt, hours } = DEFAULT_REGISTRATION_HOURS;
    expect(target.Properties).toMatchObject({
      ServiceNamespace: 'lambda',
      ScalableDimension: 'lambda:function:ProvisionedConcurrency',
      MinCapacity: 0,
      MaxCapacity: provisioned,
    });
    expect(target.Properties.ResourceId).toEqual({
      'Fn::Join': ['', ['function:', { 'Fn::Select': [6, expect.anything()] }, `:${LIVE_ALIAS}`]],
    });
    expect(JSON.stringify(target.Properties.ResourceId)).toContain(`"Ref":"${liveId}"`);
    expect(provisioned).toBeGreaterThan(0);
    expect(provisioned).toBeLessThanOrEqual(AREA_GRANTS.registrations.reservedConcurrency!);
    // Warm WARM_LEAD_MINUTES before the opening (10:00 -> 09:45), released `hours` after it (14:00), India time.
    expect(opensAt).toBe('10:00');
    expect(WARM_LEAD_MINUTES).toBe(15);
    expect(hours).toBe(4);
    const actions = target.Properties.ScheduledActions as any[];
    expect(actions).toHaveLength(2);
    const [warm, release] = [...actions].sort((a, b) => a.ScheduledActionName.localeCompare(b.ScheduledActionName)).reverse();
    expect(warm).toMatchObject({
      Schedule: 'cron(45 9 * * ? *)',
      Timezone: 'Asia/Kolkata',
      ScalableTargetAction: { MinCapacity: provisioned, MaxCapacity: provisioned },
    });
    expect(release).toMatchObject({
      Schedule: 'cron(0 14 * * ? *)',
      Timezone: 'Asia/Kolkata',
      ScalableTargetAction: { MinCapacity: 0, MaxCapacity: 0 },
    });

    // Reserved, so that the rush can neither be starved nor take the whole pool from the counter and the rest.
    expect(registrations.Properties.ReservedConcurrentExecutions).toBe(AREA_GRANTS.registrations.reservedConcurrency);
    const reservedInAll = all('AWS::Lambda::Function').reduce(
      (n, [, f]) => n + (f.Properties.ReservedConcurrentExecutions ?? 0),
      0,
    );
    expect(reservedInAll).toBeLessThanOrEqual(DEFAULT_ACCOUNT_CONCURRENCY - LAMBDA_UNRESERVED_MINIMUM);
    expect(AREA_GRANTS.registrations.reservedConcurrency).toBeLessThanOrEqual(DEFAULT_ACCOUNT_CONCURRENCY / 2);

    // Every registration route, the upload URL's among them, integrates with that alias.
    const registrationRoutes = (ROUTES as readonly RouteDef[]).filter((r) => r.area === 'registrations').map(routeKey);
    expect(registrationRoutes).toEqual(expect.arrayContaining(['POST /svsregistration', 'POST /svsregistration/upload-url']));
    const integrations = Object.fromEntries(all('AWS::ApiGatewayV2::Integration'));
    for (const [, route] of all('AWS::ApiGatewayV2::Route').filter(([, r]) =>
      registrationRoutes.includes(r.Properties.RouteKey),
    )) {
      const integration = integrations[route.Properties.Target['Fn::Join'][1][1].Ref];
      expect(integration.Properties.IntegrationUri, route.Properties.RouteKey).toEqual({ Ref: liveId });
    }
  });
});

describe('the opening hours setting', { timeout: 120_000 }, () => {
  /** The schedule on a small function of its own (no stack synth). */
  function scheduleOf(hours: RegistrationHours) {
    const stack = new Stack(new App(), 'Warmth', { env: { account: '123456789012', region: 'ap-south-1' } });
    const fn = new LambdaFunction(stack, 'Fn', {
      runtime: Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: Code.fromInline('export const handler = async () => 0;'),
    });
    addRegistrationWarmth(new Alias(stack, 'Live', { aliasName: LIVE_ALIAS, version: fn.currentVersion }), hours);
    return Object.values(
      Template.fromStack(stack).findResources('AWS::ApplicationAutoScaling::ScalableTarget') as Record<string, Resource>,
    );
  }

  it('moves the schedule with the opening time and the rush length, around midnight too', () => {
    const [target] = scheduleOf({ opensAt: '00:10', hours: 3, provisioned: 40 });
    const actions = target.Properties.ScheduledActions as { Schedule: string; ScalableTargetAction: { MinCapacity: number } }[];
    expect(Object.fromEntries(actions.map((a) => [a.ScalableTargetAction.MinCapacity, a.Schedule]))).toEqual({
      40: 'cron(55 23 * * ? *)',
      0: 'cron(10 3 * * ? *)',
    });
    expect(scheduleOf({ opensAt: '10:00', hours: 4, provisioned: 0 })).toEqual([]);
  });

  it('keeps the default of a setting left out', () => {
    expect(registrationHoursFrom({ opensAt: undefined, hours: 3 })).toEqual({ ...DEFAULT_REGISTRATION_HOURS, hours: 3 });
    expect(registrationHoursFrom()).toEqual(DEFAULT_REGISTRATION_HOURS);
  });

  it('refuses a malformed time, rush length or instance count at synth', () => {
    expect(() => synth({ registrationHours: { opensAt: '9:30' } })).toThrow(/HH:MM/);
    expect(() => synth({ registrationHours: { opensAt: '24:00' } })).toThrow(/HH:MM/);
    expect(() => synth({ registrationHours: { hours: 0 } })).toThrow(/registrationWarmHours/);
    expect(() => synth({ registrationHours: { provisioned: 2.5 } })).toThrow(/registrationProvisioned/);
    expect(() => synth({ registrationHours: { provisioned: AREA_GRANTS.registrations.reservedConcurrency! + 1 } })).toThrow(
      /reserved concurrency/,
    );
  });
});
