import { ArnFormat, CfnOutput, Fn, RemovalPolicy, Stack, Token, type StackProps } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { PRIVATE_QUERY_HEADER } from '@shared/private-query';
import { API_PATH_PREFIXES } from '@shared/routes';

/** What the web ACL's log never holds (CloudFormation's RedactedFields: SingleHeader, QueryString, UriPath, Method). */
export const WAF_LOG_REDACTED_FIELDS = [
  { singleHeader: { Name: 'authorization' } },
  { singleHeader: { Name: PRIVATE_QUERY_HEADER } },
  { queryString: {} },
  { uriPath: {} },
] as const;

/**
 * Rate-based WAF rules, per viewer address over 5 minutes, on the public POST routes. Figures and reasons in
 * docs/deployment.md ("Web application firewall"). A request over the limit gets 429 with a JSON body.
 */
export const WAF_RATE_LIMITS = {
  /**
   * POST /auth/*: staff only (the sign-in, its second step and the second factor's enrolment); a counter office
   * behind one address signs in a few dozen times a day, two POSTs each with a second factor.
   */
  login: { pathPrefix: '/auth/', limit: 300 },
  /**
   * POST /svsregistration*: farmers on mobile data share carrier-grade NAT addresses, so one address can be
   * hundreds of farmers at once. One registration is 2-3 POSTs (upload URL, submit, maybe find letter), and a
   * one-time code adds 2 (the code, its check: find my letter, My registrations, cancel, My data, and the
   * registration itself when VerifyMobileAtRegistration is on). The functions' own per-address limits on codes
   * (functions/registrations/farmer-codes.ts ADDRESS_LIMITS: 1,000 requests and 2,000 checks per 15 minutes)
   * may all fall in one 5-minute window: 3,000 POSTs of codes, plus 1,500 for 500 registrations at 3 POSTs each
   * from the same address, is 4,500. So the edge never turns a crowd away before the functions' limits, which
   * are per mobile first, would (decision 0043).
   */
  registration: { pathPrefix: '/svsregistration', limit: 4500 },
  /**
   * POST /svsregistration/upload-url: each answer lets the caller store up to 500 KB for a day. One a second per
   * address on average is far above a crowd's need (one or two per registration) and caps what one address can
   * make us store (≈ 150 MB per 5 minutes) instead of ten a second.
   */
  uploadUrl: { pathPrefix: '/svsregistration/upload-url', limit: 300 },
} as const;
export const WAF_RATE_WINDOW_SECONDS = 300;

/**
 * Every API request (any method, any API path) per viewer address over 5 minutes: a blanket limit above what a
 * crowd behind one carrier address sends (a farmer's registration is under 20 API calls), so that one address
 * cannot take the API's throttle from everyone else. The site's files are not counted (CloudFront serves them
 * from its cache).
 */
export const WAF_API_RATE_LIMIT = 10_000;

/** AWS managed rule groups in the web ACL, in evaluation order (after the IP reputation list comes first). */
export const WAF_MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
] as const;

/**
 * Rules of the common rule set that only count: SizeRestrictions_BODY blocks bodies over 8 KB, but
 * POST /svsregistration still accepts the scan (up to 500 KB) in a multipart form, and every route checks
 * its own body size (1 MB JSON, 500 KB scan).
 */
export const WAF_COMMON_RULES_COUNT_ONLY = ['SizeRestrictions_BODY'] as const;

const TOO_MANY_REQUESTS_BODY = JSON.stringify({
  success: false,
  code: 'TOO_MANY_REQUESTS',
  message:
    'आपके नेटवर्क से बहुत अधिक अनुरोध आए हैं। कुछ मिनट बाद फिर से प्रयास करें। / Too many requests from your network. Please wait a few minutes and try again.',
});

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const postTo = (pathPrefix: string): CfnWebACL.StatementProperty => ({
  andStatement: {
    statements: [
      {
        byteMatchStatement: {
          fieldToMatch: { method: {} },
          positionalConstraint: 'EXACTLY',
          searchString: 'POST',
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      },
      {
        byteMatchStatement: {
          fieldToMatch: { uriPath: {} },
          positionalConstraint: 'STARTS_WITH',
          searchString: pathPrefix,
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      },
    ],
  },
});

const anyApiPath = (): CfnWebACL.StatementProperty => ({
  orStatement: {
    statements: API_PATH_PREFIXES.map((prefix) => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: prefix,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    })),
  },
});

const rateRule = (
  name: string,
  priority: number,
  scopeDownStatement: CfnWebACL.StatementProperty,
  limit: number,
): CfnWebACL.RuleProperty => ({
  name,
  priority,
  action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
  statement: {
    rateBasedStatement: {
      limit,
      evaluationWindowSec: WAF_RATE_WINDOW_SECONDS,
      aggregateKeyType: 'IP',
      scopeDownStatement,
    },
  },
  visibilityConfig: visibility(name),
});

const managedRuleGroup = (
  name: (typeof WAF_MANAGED_RULE_GROUPS)[number],
  priority: number,
  countOnly: readonly string[] = [],
): CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(countOnly.length ? { ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
    },
  },
  visibilityConfig: visibility(name),
});

/**
 * `aws-waf-logs-<stack name>-<first part of the stack's id>`: the id (a UUID CloudFormation gives each stack it
 * creates) is new for each creation of the stack, the same for all its updates.
 */
export function wafLogGroupName(stackName: string, stackId: string): string {
  return `aws-waf-logs-${stackName}-${Fn.select(0, Fn.split('-', Fn.select(2, Fn.split('/', stackId))))}`;
}

export interface SeedPortalEdgeStackProps extends StackProps {
  /** Named rate limits (default WAF_RATE_LIMITS). */
  rateLimits?: { login: number; registration: number; uploadUrl: number; api: number };
}

/**
 * What CloudFront needs from us-east-1: the WAF web ACL (scope CLOUDFRONT can only be created there). The
 * site stack, in India, gets its ARN through a cross-region reference (infra/app.ts).
 */
export class SeedPortalEdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  /** The web ACL's name (its metrics' WebACL dimension). */
  readonly webAclName: string;

  constructor(scope: Construct, id: string, props: SeedPortalEdgeStackProps = {}) {
    super(scope, id, props);
    if (!Token.isUnresolved(this.region) && this.region !== 'us-east-1') {
      throw new Error(`The edge stack holds a CloudFront web ACL and must be in us-east-1, not ${this.region}.`);
    }
    const limits = props.rateLimits ?? {
      login: WAF_RATE_LIMITS.login.limit,
      registration: WAF_RATE_LIMITS.registration.limit,
      uploadUrl: WAF_RATE_LIMITS.uploadUrl.limit,
      api: WAF_API_RATE_LIMIT,
    };
    this.webAclName = `${id}-web-acl`;
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      description: 'Seed portal: managed rules and rate limits in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: { TooManyRequests: { contentType: 'APPLICATION_JSON', content: TOO_MANY_REQUESTS_BODY } },
      rules: [
        managedRuleGroup('AWSManagedRulesAmazonIpReputationList', 0),
        rateRule('RateLimitLogin', 1, postTo(WAF_RATE_LIMITS.login.pathPrefix), limits.login),
        rateRule('RateLimitUploadUrl', 2, postTo(WAF_RATE_LIMITS.uploadUrl.pathPrefix), limits.uploadUrl),
        rateRule('RateLimitRegistration', 3, postTo(WAF_RATE_LIMITS.registration.pathPrefix), limits.registration),
        rateRule('RateLimitApi', 4, anyApiPath(), limits.api),
        managedRuleGroup('AWSManagedRulesKnownBadInputsRuleSet', 5),
        managedRuleGroup('AWSManagedRulesCommonRuleSet', 6, WAF_COMMON_RULES_COUNT_ONLY),
      ],
      visibilityConfig: visibility(`${id}-web-acl`),
    });
    // WAF logs of a CloudFront web ACL go to a log group in us-east-1 whose name starts with aws-waf-logs-. The
    // group is kept when the stack goes (180 days of logs), so its name ends with this stack's own: a stack made
    // again after `cdk destroy` gets a new group instead of failing on the kept one (docs/deployment.md).
    const wafLogs = new LogGroup(this, 'WebAclLogs', {
      logGroupName: wafLogGroupName(id, this.stackId),
      retention: RetentionDays.SIX_MONTHS,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new CfnLoggingConfiguration(this, 'WebAclLogging', {
      resourceArn: this.webAcl.attrArn,
      // The log group's ARN without the ":*" its Arn attribute ends with, which WAF does not accept.
      logDestinationConfigs: [
        this.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: wafLogs.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      // Kept 180 days, outside the region: nothing in it may name a person. Redacted: the sign-in token, the staff's
      // Aadhaar searches (the private-query header, shared/private-query.ts), the query string (a bill's token in
      // ?t=) and the path (a letter's code in /svs/appointment/{code}, numbers typed into a lookup). WAF redacts a
      // field on every request or none (one header, the query string, the path or the method), so the path goes
      // for all: the rule that matched, the address and the method still say what the ACL did.
      redactedFields: WAF_LOG_REDACTED_FIELDS.map((field) => ({ ...field })),
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
    new CfnOutput(this, 'WebAclLogGroup', { value: wafLogs.logGroupName, description: 'The web ACL log (kept after a destroy)' });
  }
}
