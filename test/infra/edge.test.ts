import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import cdkNag from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { addSeedPortal } from '@infra/cloud-stack';
import {
  SeedPortalEdgeStack,
  WAF_API_RATE_LIMIT,
  WAF_COMMON_RULES_COUNT_ONLY,
  WAF_MANAGED_RULE_GROUPS,
  WAF_RATE_LIMITS,
  WAF_RATE_WINDOW_SECONDS,
} from '@infra/constructs/edge-waf';
import { ALARM_PERIOD_MINUTES, EDGE_ALARM_THRESHOLDS } from '@infra/constructs/alarms';
import { SeedPortalMonitorStack } from '@infra/constructs/monitor';
import { PRIVATE_QUERY_HEADER } from '@shared/private-query';
import { API_PATH_PREFIXES, ROUTES, type RouteDef } from '@shared/routes';
import { fakeAppShell } from '@test/support/app-shell';
import { ADDRESS_LIMITS } from '@functions/registrations/farmer-codes';

const { AwsSolutionsChecks } = cdkNag;
const CDK_CONTEXT = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context as Record<
  string,
  unknown
>;
const ACCOUNT = '123456789012';
const newApp = () => new App({ context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [] } });

/** Does a rate rule's scope-down statement (POST and a path prefix) cover this route? */
function covers(rule: any, r: RouteDef): boolean {
  if (!rule.Statement.RateBasedStatement.ScopeDownStatement.AndStatement) return false;
  const parts = rule.Statement.RateBasedStatement.ScopeDownStatement.AndStatement.Statements.map(
    (s: any) => s.ByteMatchStatement,
  );
  const method = parts.find((p: any) => 'Method' in p.FieldToMatch);
  const path = parts.find((p: any) => 'UriPath' in p.FieldToMatch);
  return (
    method.PositionalConstraint === 'EXACTLY' &&
    method.SearchString === r.method &&
    path.PositionalConstraint === 'STARTS_WITH' &&
    r.path.startsWith(path.SearchString)
  );
}

describe('SeedPortalEdgeStack: the CloudFront web ACL', { timeout: 120_000 }, () => {
  const app = newApp();
  const edge = new SeedPortalEdgeStack(app, 'SeedPortalEdge', { env: { account: ACCOUNT, region: 'us-east-1' } });
  const template = Template.fromStack(edge);
  const [acl] = Object.values(template.findResources('AWS::WAFv2::WebACL')) as { Properties: any }[];
  const rules = acl.Properties.Rules as any[];

  it('is one web ACL of scope CLOUDFRONT that allows by default, with metrics', () => {
    template.resourceCountIs('AWS::WAFv2::WebACL', 1);
    expect(acl.Properties).toMatchObject({
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      VisibilityConfig: { CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true },
    });
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
    for (const r of rules)
      expect(r.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
    template.hasOutput('WebAclArn', {});
  });

  it('applies the AWS managed rule groups (IP reputation, known bad inputs, common rule set), blocking', () => {
    const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement.Name)).toEqual([...WAF_MANAGED_RULE_GROUPS]);
    for (const r of managed) {
      expect(r.Statement.ManagedRuleGroupStatement.VendorName).toBe('AWS');
      expect(r.OverrideAction).toEqual({ None: {} });
    }
    const common = managed.find((r) => r.Statement.ManagedRuleGroupStatement.Name === 'AWSManagedRulesCommonRuleSet');
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual(
      WAF_COMMON_RULES_COUNT_ONLY.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    );
    // The IP reputation list is checked before anything else.
    expect(rules.find((r) => r.Priority === 0).Name).toBe('AWSManagedRulesAmazonIpReputationList');
  });

  it('rate-limits POST /auth/login and POST /svsregistration* per viewer address over 5 minutes, answering 429 JSON', () => {
    const rate = rules.filter((r) => r.Statement.RateBasedStatement);
    expect(rate).toHaveLength(4);
    const byName = Object.fromEntries(rate.map((r) => [r.Name, r]));
    expect(byName.RateLimitLogin.Statement.RateBasedStatement).toMatchObject({
      Limit: WAF_RATE_LIMITS.login.limit,
      EvaluationWindowSec: WAF_RATE_WINDOW_SECONDS,
      AggregateKeyType: 'IP',
    });
    expect(byName.RateLimitRegistration.Statement.RateBasedStatement).toMatchObject({
      Limit: WAF_RATE_LIMITS.registration.limit,
      EvaluationWindowSec: WAF_RATE_WINDOW_SECONDS,
      AggregateKeyType: 'IP',
    });
    expect(byName.RateLimitUploadUrl.Statement.RateBasedStatement).toMatchObject({
      Limit: WAF_RATE_LIMITS.uploadUrl.limit,
      EvaluationWindowSec: WAF_RATE_WINDOW_SECONDS,
      AggregateKeyType: 'IP',
    });
    // At most one upload URL a second per address on average (each lets the caller store 500 KB for a day).
    expect(WAF_RATE_LIMITS.uploadUrl.limit).toBeLessThanOrEqual(WAF_RATE_WINDOW_SECONDS);
    expect(WAF_RATE_WINDOW_SECONDS).toBe(300);
    expect(WAF_RATE_LIMITS.login.limit).toBe(300);
    expect(WAF_RATE_LIMITS.registration.limit).toBeGreaterThan(WAF_RATE_LIMITS.login.limit);
    // A crowd behind one carrier address: every code the functions allow one address (their limits per 15 minutes,
    // all in one 5-minute window) and 500 registrations at 3 POSTs each pass the edge (decision 0043).
    expect(WAF_RATE_LIMITS.registration.limit).toBeGreaterThanOrEqual(
      ADDRESS_LIMITS.requestsPerIp + ADDRESS_LIMITS.verifiesPerIp + 500 * 3,
    );
    for (const r of rate) {
      expect(r.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } });
    }
    const body = acl.Properties.CustomResponseBodies.TooManyRequests;
    expect(body.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body.Content)).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    // Rate rules come before the managed groups, so a flood is cut off before the more expensive inspection.
    expect(Math.max(...rate.map((r) => r.Priority))).toBeLessThan(
      Math.min(
        ...rules
          .filter((r) => r.Name !== 'AWSManagedRulesAmazonIpReputationList' && !r.Statement.RateBasedStatement)
          .map((r) => r.Priority),
      ),
    );
  });

  it('limits every viewer address on all API paths together (a blanket rule above the named ones)', () => {
    const rule = rules.find((r) => r.Name === 'RateLimitApi');
    expect(rule.Statement.RateBasedStatement).toMatchObject({
      Limit: WAF_API_RATE_LIMIT,
      EvaluationWindowSec: WAF_RATE_WINDOW_SECONDS,
      AggregateKeyType: 'IP',
    });
    const prefixes = rule.Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements.map((s: any) => {
      expect(s.ByteMatchStatement).toMatchObject({ FieldToMatch: { UriPath: {} }, PositionalConstraint: 'STARTS_WITH' });
      return s.ByteMatchStatement.SearchString;
    });
    expect(prefixes).toEqual([...API_PATH_PREFIXES]);
    expect(WAF_API_RATE_LIMIT).toBeGreaterThan(WAF_RATE_LIMITS.registration.limit);
    expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } });
  });

  it('covers every public POST route of the route table with a rate rule, and no GET', () => {
    const rate = rules.filter((r) => r.Statement.RateBasedStatement);
    const publicPosts = (ROUTES as readonly RouteDef[]).filter((r) => r.method === 'POST' && r.access === 'public');
    expect(publicPosts.length).toBeGreaterThan(0);
    for (const r of publicPosts)
      expect(
        rate.some((rule) => covers(rule, r)),
        `${r.method} ${r.path}`,
      ).toBe(true);
    for (const r of (ROUTES as readonly RouteDef[]).filter((x) => x.method === 'GET')) {
      expect(
        rate.some((rule) => covers(rule, r)),
        `${r.method} ${r.path}`,
      ).toBe(false);
    }
  });

  it('logs every request the web ACL sees for 180 days, without the sign-in token, Aadhaar searches, tokens or codes', () => {
    const [[, group]] = Object.entries(template.findResources('AWS::Logs::LogGroup')) as [string, any][];
    expect(group.Properties).toMatchObject({ RetentionInDays: 180 });
    expect(group.DeletionPolicy).toBe('Retain');
    template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      ResourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebAcl'), 'Arn'] },
      LogDestinationConfigs: [Match.anyValue()],
    });
    const [config] = Object.values(template.findResources('AWS::WAFv2::LoggingConfiguration')) as any[];
    const redacted: Record<string, unknown>[] = config.Properties.RedactedFields;
    // Issue 28, item 5: each of these fails the test when it is missing.
    const header = (name: string) =>
      redacted.some((f) => String((f.SingleHeader as { Name?: string } | undefined)?.Name).toLowerCase() === name);
    expect(header('authorization'), 'the sign-in token').toBe(true);
    expect(header(PRIVATE_QUERY_HEADER), 'staff Aadhaar searches').toBe(true);
    expect(redacted, "the query string (a bill's token)").toContainEqual({ QueryString: {} });
    expect(redacted, "the path (a letter's code)").toContainEqual({ UriPath: {} });
    // Only the types WAF accepts there, one field each.
    for (const field of redacted) {
      expect(Object.keys(field)).toHaveLength(1);
      expect(['SingleHeader', 'QueryString', 'UriPath', 'Method']).toContain(Object.keys(field)[0]);
    }
    expect(JSON.stringify(config.Properties.LogDestinationConfigs)).toContain('log-group:');
    expect(JSON.stringify(config.Properties.LogDestinationConfigs)).not.toContain(':*');
  });

  it('names the kept log group after this creation of the stack: a deploy after a destroy makes a new one', () => {
    const [[groupId, group]] = Object.entries(template.findResources('AWS::Logs::LogGroup')) as [string, any][];
    const name = group.Properties.LogGroupName;
    // CloudFormation's functions, as it evaluates them for a stack with this id.
    const evaluate = (v: any, stackId: string): any => {
      if (typeof v === 'string') return v;
      if (Array.isArray(v)) return v.map((x) => evaluate(x, stackId));
      if (v.Ref === 'AWS::StackId') return stackId;
      if (v['Fn::Join']) return evaluate(v['Fn::Join'][1], stackId).join(v['Fn::Join'][0]);
      if (v['Fn::Split']) return evaluate(v['Fn::Split'][1], stackId).split(v['Fn::Split'][0]);
      if (v['Fn::Select']) return evaluate(v['Fn::Select'][1], stackId)[v['Fn::Select'][0]];
      throw new Error(`not evaluated: ${JSON.stringify(v)}`);
    };
    const stackArn = (uuid: string) => `arn:aws:cloudformation:us-east-1:${ACCOUNT}:stack/SeedPortalEdge/${uuid}`;
    const first = evaluate(name, stackArn('5c9a3e10-1f2b-11f0-9a7e-0affd1b2c3d4'));
    const again = evaluate(name, stackArn('a81b22c0-2e4d-11f0-8b1f-12ab34cd56ef'));
    expect(first).toBe('aws-waf-logs-SeedPortalEdge-5c9a3e10');
    expect(again).toBe('aws-waf-logs-SeedPortalEdge-a81b22c0');
    expect(first).toMatch(/^aws-waf-logs-[\w-]{1,500}$/);
    // The web ACL logs to that group (its ARN without ':*'), and the name is an output to find it by.
    const [config] = Object.values(template.findResources('AWS::WAFv2::LoggingConfiguration')) as any[];
    expect(JSON.stringify(config.Properties.LogDestinationConfigs)).toContain(JSON.stringify({ Ref: groupId }));
    template.hasOutput('WebAclLogGroup', { Value: { Ref: groupId } });
  });

  it('refuses a region other than us-east-1', () => {
    expect(() => new SeedPortalEdgeStack(newApp(), 'Edge', { env: { account: ACCOUNT, region: 'ap-south-1' } })).toThrow(
      /us-east-1/,
    );
  });
});

describe('the deployable app: edge stack in us-east-1, site stack in India, monitor stack in us-east-1', {
  timeout: 180_000,
}, () => {
  const app = newApp();
  const { edge, site, monitor } = addSeedPortal(app, {
    stackName: 'SeedPortal',
    account: ACCOUNT,
    region: 'ap-south-1',
    deploySpa: true,
    spaDistDir: fakeAppShell(),
    alarmEmail: 'ops@example.org',
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

  it('attaches the web ACL to the distribution through a cross-region reference and passes cdk-nag in all stacks', () => {
    app.synth(); // throws on any unacknowledged cdk-nag finding
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(
      report.violations.map((v) => `${v.ruleName} @ ${v.violatingResources.map((r) => r.constructPath).join(', ')}`),
    ).toEqual([]);

    expect(edge.region).toBe('us-east-1');
    expect(site.region).toBe('ap-south-1');
    expect(site.dependencies).toContain(edge);
    const siteTemplate = Template.fromStack(site);
    const [dist] = Object.values(siteTemplate.findResources('AWS::CloudFront::Distribution')) as { Properties: any }[];
    const webAclId = JSON.stringify(dist.Properties.DistributionConfig.WebACLId);
    expect(webAclId).toMatch(/SeedPortalEdge/);
    expect(webAclId).toMatch(/us-east-1/);
    // The site stack states no CFR2 acknowledgement: the distribution really has a web ACL.
    expect(JSON.stringify(siteTemplate.toJSON())).not.toMatch(/AwsSolutions-CFR2/);
    siteTemplate.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org' });
  });

  it("alarms in us-east-1 on the distribution's 5xx error rate and the web ACL's blocked requests, to a topic there", () => {
    expect(monitor.stackName).toBe('SeedPortalMonitor');
    expect(monitor.region).toBe('us-east-1');
    expect(monitor.dependencies).toContain(site);
    const template = Template.fromStack(monitor);
    template.resourceCountIs('AWS::CloudWatch::Alarm', 2);
    const alarms = template.findResources('AWS::CloudWatch::Alarm') as Record<string, { Properties: any }>;
    const byId = (prefix: string) => Object.entries(alarms).find(([logicalId]) => logicalId.startsWith(prefix))![1].Properties;

    const cf = byId('CloudFront5xxErrorRateAlarm');
    expect(cf).toMatchObject({
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      Statistic: 'Average',
      Period: ALARM_PERIOD_MINUTES * 60,
      Threshold: EDGE_ALARM_THRESHOLDS.cloudFront5xxErrorRatePercent,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    const cfDimensions = Object.fromEntries(cf.Dimensions.map((d: any) => [d.Name, d.Value]));
    expect(Object.keys(cfDimensions).sort()).toEqual(['DistributionId', 'Region']);
    expect(cfDimensions.Region).toBe('Global');
    // The distribution id is read from the site stack's output in its region (a cross-region reference).
    expect(cfDimensions.DistributionId).toMatchObject({
      'Fn::GetStackOutput': { StackName: 'SeedPortal', Region: 'ap-south-1' },
    });

    const waf = byId('WebAclBlockedRequestsAlarm');
    expect(waf).toMatchObject({
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Statistic: 'Sum',
      // Per minute: farmers refused by a rate rule retry within seconds.
      Period: 60,
      Threshold: EDGE_ALARM_THRESHOLDS.webAclBlockedRequests,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(Object.fromEntries(waf.Dimensions.map((d: any) => [d.Name, d.Value]))).toEqual({
      WebACL: edge.webAclName,
      Rule: 'ALL',
    });

    const [topicId] = Object.keys(template.findResources('AWS::SNS::Topic'));
    template.resourceCountIs('AWS::SNS::Topic', 1);
    for (const a of [cf, waf]) {
      expect(a.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(a.OKActions).toEqual([{ Ref: topicId }]);
    }
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.org',
      TopicArn: { Ref: topicId },
    });
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
  });

  it('refuses a monitor stack outside us-east-1', () => {
    expect(
      () =>
        new SeedPortalMonitorStack(newApp(), 'Monitor', {
          env: { account: ACCOUNT, region: 'ap-south-1' },
          distributionId: 'E123',
          webAclName: 'w',
          alarmEmail: 'ops@example.org',
        }),
    ).toThrow(/us-east-1/);
  });
});
