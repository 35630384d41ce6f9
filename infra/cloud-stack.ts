import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  Annotations,
  CfnElement,
  CfnOutput,
  Duration,
  RemovalPolicy,
  Stack,
  Token,
  Validations,
  type Acknowledgment,
  type StackProps,
} from 'aws-cdk-lib';
import { HttpApi, HttpMethod as ApiMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AttributeType, BillingMode, Operation, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { CfnPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import cdkNag from 'cdk-nag'; // CommonJS: named exports are reached through the default export
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '../functions/lib/origin-verify';
import { TABLE_DEFINITION } from '../functions/lib/table-definition';
import { ORPHAN_SCANS_RULE, PENDING_UPLOADS_RULE } from '../functions/lib/upload-rules';
import { AREA_BUNDLING, FUNCTION_RUNTIME, ORPHAN_SCAN_SWEEPER_ENTRY, REPO_ROOT, areaEntry } from './bundling';
import { contentSecurityPolicy } from './security-headers';
import { API_PATH_PREFIXES, FUNCTION_AREAS, ROUTES, routeKey, type FunctionArea, type RouteDef } from '../shared/routes';

export { AREA_BUNDLING, FUNCTION_RUNTIME, REPO_ROOT, areaEntry } from './bundling';

/**
 * Permissions beyond the table (read/write) and the JWT signing key, which every area gets. Areas that
 * are not listed get nothing more. The Aadhaar key (and its AADHAAR_KEY_ARN variable) goes only to the
 * areas that encrypt, decrypt or hash Aadhaar numbers; the uploads bucket only to those handling the scans.
 */
export const AREA_GRANTS: Partial<Record<FunctionArea, { uploads?: 'read' | 'readWriteDelete'; aadhaarKey?: boolean }>> = {
  registrations: { uploads: 'readWriteDelete', aadhaarKey: true },
  sales: { uploads: 'read', aadhaarKey: true },
  farmers: { uploads: 'read', aadhaarKey: true },
  producers: { aadhaarKey: true },
};

/**
 * CloudFront Function (viewer request, default behaviour only): a path whose last segment has no file
 * extension is a client-side route of the SPA (/bill/..., /lot/..., /svs/appointment/..., /admin/...) and
 * gets index.html. The API behaviours do not run it, so API 403/404 answers pass through untouched.
 */
export const SPA_REWRITE_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf('.', uri.lastIndexOf('/')) === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;

/** CloudFront path patterns of the API, one per prefix in the route table module ('/api/' -> '/api/*'). */
export function apiPathPatterns(): string[] {
  return API_PATH_PREFIXES.map((p) => `${p}*`);
}

export { contentSecurityPolicy } from './security-headers';

/**
 * Rate-based WAF rules, per viewer address over 5 minutes, on the public POST routes. Figures and reasons in
 * docs/deployment.md ("Web application firewall"). A request over the limit gets 429 with a JSON body.
 */
export const WAF_RATE_LIMITS = {
  /** POST /auth/login: staff only; a counter office behind one address signs in a few dozen times a day. */
  login: { pathPrefix: '/auth/login', limit: 300 },
  /**
   * POST /svsregistration*: farmers on mobile data share carrier-grade NAT addresses, so one address can be
   * hundreds of farmers at once; one registration is 2-3 POSTs (upload URL, submit, maybe find letter).
   */
  registration: { pathPrefix: '/svsregistration', limit: 3000 },
} as const;
export const WAF_RATE_WINDOW_SECONDS = 300;

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

export interface SeedPortalEdgeStackProps extends StackProps {
  /** Named rate limits (default WAF_RATE_LIMITS). */
  rateLimits?: { login: number; registration: number };
}

/**
 * What CloudFront needs from us-east-1: the WAF web ACL (scope CLOUDFRONT can only be created there). The
 * site stack, in India, gets its ARN through a cross-region reference (infra/app.ts).
 */
export class SeedPortalEdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: SeedPortalEdgeStackProps = {}) {
    super(scope, id, props);
    if (!Token.isUnresolved(this.region) && this.region !== 'us-east-1') {
      throw new Error(`The edge stack holds a CloudFront web ACL and must be in us-east-1, not ${this.region}.`);
    }
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    const limits = props.rateLimits ?? { login: WAF_RATE_LIMITS.login.limit, registration: WAF_RATE_LIMITS.registration.limit };
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
    const rateRule = (name: string, priority: number, pathPrefix: string, limit: number): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
      statement: {
        rateBasedStatement: {
          limit,
          evaluationWindowSec: WAF_RATE_WINDOW_SECONDS,
          aggregateKeyType: 'IP',
          scopeDownStatement: postTo(pathPrefix),
        },
      },
      visibilityConfig: visibility(name),
    });
    const managed = (
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
          ...(countOnly.length
            ? { ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
            : {}),
        },
      },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${id}-web-acl`,
      description: 'Seed portal: managed rules and rate limits in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: { TooManyRequests: { contentType: 'APPLICATION_JSON', content: TOO_MANY_REQUESTS_BODY } },
      rules: [
        managed('AWSManagedRulesAmazonIpReputationList', 0),
        rateRule('RateLimitLogin', 1, WAF_RATE_LIMITS.login.pathPrefix, limits.login),
        rateRule('RateLimitRegistration', 2, WAF_RATE_LIMITS.registration.pathPrefix, limits.registration),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 3),
        managed('AWSManagedRulesCommonRuleSet', 4, WAF_COMMON_RULES_COUNT_ONLY),
      ],
      visibilityConfig: visibility(`${id}-web-acl`),
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}

/** Alarm thresholds (per 5 minutes); docs/deployment.md, "Alarms". */
export const ALARM_PERIOD_MINUTES = 5;
export const ALARM_THRESHOLDS = {
  /** 5xx answers of the HTTP API (any route). */
  api5xx: 10,
  /** Lambda Errors (crashes and timeouts; handled errors are answers, not Errors) per function. */
  functionErrors: 5,
  /** Lambda Throttles per function: any throttle is a farmer turned away. */
  functionThrottles: 1,
  /** DynamoDB requests throttled, summed over the operations the functions use. */
  tableThrottledRequests: 1,
  /** DynamoDB system errors (HTTP 500 from DynamoDB), summed over the same operations. */
  tableSystemErrors: 1,
} as const;

/** The DynamoDB operations the functions call (the alarms sum their metrics). */
export const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.QUERY,
  Operation.BATCH_GET_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

export interface SeedPortalStackProps extends StackProps {
  /** Deploy the built SPA (frontend/dist) to the site bucket. Default true; skipped with a warning when the folder is missing. */
  deploySpa?: boolean;
  /** Folder with the built SPA. Default: <repo>/frontend/dist. */
  spaDistDir?: string;
  /** Custom domain for the site (e.g. seeds.example.org); needs certificateArn. */
  domainName?: string;
  /** ACM certificate for domainName, in us-east-1 (CloudFront's requirement). */
  certificateArn?: string;
  /** Public origin written into QR codes and allowed by the uploads bucket's CORS. Default: https://<domainName or distribution domain>. */
  publicBaseUrl?: string;
  tokenTtlHours?: number;
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Default throttling of the API stage. */
  apiThrottle?: { rateLimit: number; burstLimit: number };
  /** Retention of the functions' and the API's CloudWatch logs. Default one month. */
  logRetention?: RetentionDays;
  /**
   * ARN of the WAF web ACL (scope CLOUDFRONT, from SeedPortalEdgeStack) attached to the distribution.
   * infra/app.ts always passes it; without it synth warns that the site has no WAF.
   */
  webAclArn?: string;
  /** E-mail address subscribed to the alarm topic (it has to confirm the subscription). */
  alarmEmail?: string;
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export class SeedPortalStack extends Stack {
  readonly table: Table;
  readonly uploadsBucket: Bucket;
  readonly siteBucket: Bucket;
  readonly logsBucket: Bucket;
  readonly api: HttpApi;
  readonly distribution: cloudfront.Distribution;
  readonly functions: Record<string, NodejsFunction> = {};
  /** Scheduled functions (no routes): the orphan-scan sweeper. */
  readonly jobs: Record<string, NodejsFunction> = {};
  readonly alarmTopic: Topic;
  private readonly logRetention: RetentionDays;

  constructor(scope: Construct, id: string, props: SeedPortalStackProps = {}) {
    super(scope, id, props);
    const logRetention = props.logRetention ?? RetentionDays.ONE_MONTH;
    this.logRetention = logRetention;
    checkRoutesAreServed();

    // ---- Logs: S3 server access logs and CloudFront standard logs (CloudFront still writes with ACLs).
    this.logsBucket = new Bucket(this, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      // CERT-In (2022) asks for 180 days of logs kept in India.
      lifecycleRules: [{ id: 'ExpireLogs', expiration: Duration.days(180) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.logsBucket, [
      {
        id: 'AwsSolutions-S1',
        reason: 'This is the access-log bucket itself; logging it into itself would loop and another log bucket adds nothing.',
      },
    ]);

    // ---- DynamoDB: the one table, from the shared definition.
    const t = TABLE_DEFINITION;
    this.table = new Table(this, 'Table', {
      partitionKey: { name: t.partitionKey, type: AttributeType.STRING },
      sortKey: { name: t.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      timeToLiveAttribute: t.ttlAttribute,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const g of t.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: g.indexName,
        partitionKey: { name: g.partitionKey, type: AttributeType.STRING },
        sortKey: { name: g.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    // ---- Secrets: generated once, kept if the stack goes (the Aadhaar key decrypts every stored number).
    const jwtSecret = new Secret(this, 'JwtSigningKey', {
      description: 'Seed portal: HMAC key that signs staff session tokens (JWT)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const aadhaarKey = new Secret(this, 'AadhaarKey', {
      description: 'Seed portal: key material for Aadhaar number encryption (AES-256-GCM) and lookup hashes (HMAC)',
      generateSecretString: { passwordLength: 88, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(jwtSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'The functions cache the signing key per cold start and verify with one key only; automatic rotation would sign every staff member out at a random time. Rotate by hand (docs/deployment.md).',
      },
    ]);
    acknowledge(aadhaarKey, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotating this key needs every stored Aadhaar number re-encrypted and every lookup hash recomputed; an automatic rotation would make stored data unreadable. Rotation is a planned migration.',
      },
    ]);

    // ---- HTTP API and CloudFront, before the functions: they need the site URL, CloudFront needs only the API id.
    this.api = new HttpApi(this, 'HttpApi', {
      apiName: `${id}-api`,
      description: 'Seed portal API (routes from shared/routes.ts)',
      createDefaultStage: false,
    });
    const apiLogs = new LogGroup(this, 'HttpApiAccessLogs', { retention: logRetention });
    const stage = new HttpStage(this, 'HttpApiDefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.apiThrottle ?? { rateLimit: 2000, burstLimit: 5000 },
      accessLogSettings: { destination: new LogGroupLogDestination(apiLogs) },
    });

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewriteFunction', {
      comment: 'SPA fallback: extension-less paths load /index.html',
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    // The uploads bucket has a name of our own so that the CSP can name its domain without referring to the
    // bucket resource: that reference would close a cycle (the bucket's CORS names the distribution).
    const uploadsBucketName = uploadsBucketNameFor(this);
    const uploadsOrigin = `https://${uploadsBucketName}.s3.${this.region}.${this.urlSuffix}`;
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Seed portal security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(uploadsOrigin), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
    });

    // Nothing is cached unless the API says so with Cache-Control (default TTL 0); the Authorization
    // header is part of the key, so a cached answer is never served to a different caller.
    const apiCachePolicy = new cloudfront.CachePolicy(this, 'ApiCachePolicy', {
      comment: 'API: honour origin Cache-Control, default no caching, key includes Authorization',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.hours(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // CloudFront proves itself to the API with a secret header; the functions refuse requests without it
    // (functions/lib/origin-verify.ts), so calling the execute-api endpoint directly does not bypass the WAF.
    const originVerify = new Secret(this, 'OriginVerifySecret', {
      description: 'Seed portal: value of the header CloudFront adds to API requests (origin verification)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(originVerify, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'CloudFront reads the value once per deployment (template dynamic reference), so a rotation in Secrets Manager alone would lock CloudFront out of the API; rotate with a redeploy (docs/deployment.md).',
      },
    ]);
    const originVerifyValue = originVerify.secretValue.unsafeUnwrap();
    const apiDomain = `${this.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const apiOrigin = new HttpOrigin(apiDomain, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerifyValue },
    });
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: apiCachePolicy,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: securityHeaders,
      compress: true,
    };

    const customDomain = props.domainName && props.certificateArn ? props.domainName : undefined;
    if (props.domainName && !props.certificateArn) {
      Annotations.of(this).addWarningV2(
        'seed:domain-without-certificate',
        `domainName ${props.domainName} is ignored: pass certificateArn (an ACM certificate in us-east-1) as well.`,
      );
    }
    if (props.certificateArn && !Token.isUnresolved(props.certificateArn) && !props.certificateArn.includes(':us-east-1:')) {
      throw new Error('certificateArn must be an ACM certificate in us-east-1 (CloudFront only uses certificates from there).');
    }

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Seed portal: SPA and same-origin API',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: Object.fromEntries(apiPathPatterns().map((p) => [p, apiBehavior])),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      // Price class 200 includes the edge locations in India.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      ...(customDomain
        ? {
            domainNames: [customDomain],
            certificate: Certificate.fromCertificateArn(this, 'SiteCertificate', props.certificateArn!),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    const distributionOrigin = `https://${this.distribution.distributionDomainName}`;
    const publicBaseUrl = props.publicBaseUrl ?? (customDomain ? `https://${customDomain}` : distributionOrigin);
    const siteOrigins = [...new Set([publicBaseUrl, distributionOrigin])];

    if (!props.webAclArn) {
      Annotations.of(this).addWarningV2(
        'seed:no-waf',
        'No webAclArn: the distribution has no WAF. infra/app.ts passes the web ACL of the us-east-1 edge stack.',
      );
    }
    acknowledge(this.distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'Farmers register from anywhere in India and bills are verified by whoever holds one; abuse is handled by the WAF (IP reputation, managed rules, rate limits), not by country.',
      },
      ...(props.webAclArn
        ? []
        : [
            {
              id: 'AwsSolutions-CFR2',
              reason: 'Only stacks built without the edge stack (unit tests) lack the web ACL; the seed:no-waf warning says so.',
            },
          ]),
      ...(customDomain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose TLS policy cannot be chosen; TLSv1.2_2021 applies as soon as domainName and certificateArn are given.',
            },
          ]),
    ]);

    // ---- Uploads (Aadhaar scans): private, KMS-encrypted, presigned PUT/GET from the site only.
    const uploadsKey = new Key(this, 'UploadsKey', {
      description: 'Seed portal: encrypts uploaded Aadhaar scans',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.uploadsBucket = new Bucket(this, 'UploadsBucket', {
      bucketName: uploadsBucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.KMS,
      encryptionKey: uploadsKey,
      bucketKeyEnabled: true,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/uploads/',
      cors: [
        {
          allowedOrigins: siteOrigins,
          allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        {
          // Uploads land under pending/ and are moved when a registration is accepted; leftovers go
          // (the same rule runs locally: infra/local/lifecycle.ts).
          id: PENDING_UPLOADS_RULE.id,
          prefix: PENDING_UPLOADS_RULE.prefix,
          expiration: Duration.days(PENDING_UPLOADS_RULE.expireAfterDays),
          noncurrentVersionExpiration: Duration.days(1),
        },
        {
          id: 'CleanUpOldVersions',
          noncurrentVersionExpiration: Duration.days(30),
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // ---- One function per API area, routes from the table.
    const tableId = this.getLogicalId(this.table.node.defaultChild as CfnElement);
    const uploadsId = this.getLogicalId(this.uploadsBucket.node.defaultChild as CfnElement);
    const baseEnvironment: Record<string, string> = {
      TABLE_NAME: this.table.tableName,
      UPLOADS_BUCKET: this.uploadsBucket.bucketName,
      JWT_SECRET_ARN: jwtSecret.secretArn,
      PUBLIC_BASE_URL: publicBaseUrl,
      TOKEN_TTL_HOURS: String(props.tokenTtlHours ?? 10),
      LOG_LEVEL: props.logLevel ?? 'info',
      [ORIGIN_VERIFY_ENV]: originVerifyValue,
    };

    for (const area of FUNCTION_AREAS) {
      const name = pascal(area);
      const grants = AREA_GRANTS[area] ?? {};
      const logGroup = new LogGroup(this, `${name}FunctionLogs`, { retention: logRetention });
      // Own role: log writing is granted on this function's log group only (no managed policy, no wildcard).
      const role = new Role(this, `${name}FunctionRole`, {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `Seed portal ${area} function`,
      });
      logGroup.grantWrite(role);

      const fn = new NodejsFunction(this, `${name}Function`, {
        description: `Seed portal API area: ${area}`,
        entry: areaEntry(area),
        handler: 'handler',
        runtime: FUNCTION_RUNTIME,
        architecture: Architecture.ARM_64,
        memorySize: 512,
        timeout: Duration.seconds(10),
        role,
        logGroup,
        bundling: AREA_BUNDLING,
        environment: {
          ...baseEnvironment,
          ...(grants.aadhaarKey ? { AADHAAR_KEY_ARN: aadhaarKey.secretArn } : {}),
        },
      });
      this.table.grantReadWriteData(fn);
      jwtSecret.grantRead(fn);
      if (grants.aadhaarKey) aadhaarKey.grantRead(fn);
      if (grants.uploads === 'readWriteDelete') {
        this.uploadsBucket.grantReadWrite(fn);
        this.uploadsBucket.grantDelete(fn);
      } else if (grants.uploads === 'read') {
        this.uploadsBucket.grantRead(fn);
      }
      this.functions[area] = fn;

      const integration = new HttpLambdaIntegration(`${name}Integration`, fn, {
        // One invoke permission per function instead of one per route (keeps the resource count down).
        scopePermissionToRoute: false,
      });
      for (const r of ROUTES as readonly RouteDef[]) {
        if (r.area !== area) continue;
        this.api.addRoutes({ path: r.path, methods: [ApiMethod[r.method]], integration });
      }

      // Exactly the wildcard findings our grants produce; anything new fails synth until it is reviewed.
      const grantWildcards = [`Resource::<${tableId}.Arn>/index/*`];
      if (grants.uploads) {
        grantWildcards.push(
          `Resource::<${uploadsId}.Arn>/*`,
          'Action::s3:GetObject*',
          'Action::s3:GetBucket*',
          'Action::s3:List*',
        );
      }
      if (grants.uploads === 'readWriteDelete') {
        grantWildcards.push(
          'Action::s3:DeleteObject*',
          'Action::s3:Abort*',
          'Action::kms:GenerateDataKey*',
          'Action::kms:ReEncrypt*',
        );
      }
      acknowledge(
        role,
        grantWildcards.map((finding) => ({
          id: `AwsSolutions-IAM5[${finding}]`,
          reason:
            "Wildcard from a CDK grant scoped to our own resource: the table's indexes, the object keys of the uploads bucket, or the S3/KMS action family of grantRead/grantReadWrite/grantDelete on that bucket and its key.",
        })),
      );
      acknowledge(fn, [
        {
          id: 'AwsSolutions-L1',
          reason:
            'Pinned to Node.js 22, an LTS runtime supported by Lambda well beyond this release and the closest one to the Node 20 used in development and tests; moving to a newer runtime is a planned upgrade.',
        },
      ]);
    }

    this.jobs.orphanScanSweeper = this.createOrphanScanSweeper(baseEnvironment, logRetention);

    this.alarmTopic = this.createAlarms(stage, props.alarmEmail);

    acknowledge(this.api, [
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'Authorization is enforced inside each function from the route table (JWT via jose, roles per route); many routes are public by design (registration, bill and lot lookups). No API Gateway authorizer.',
      },
    ]);

    // ---- The SPA itself.
    if (props.deploySpa ?? true) this.deploySpa(props.spaDistDir ?? join(REPO_ROOT, 'frontend', 'dist'));

    new CfnOutput(this, 'SiteUrl', { value: publicBaseUrl, description: 'Public site URL' });
    new CfnOutput(this, 'DistributionDomain', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'ApiUrl', {
      value: stage.url,
      description: 'HTTP API endpoint (the site calls it same-origin through CloudFront)',
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: this.uploadsBucket.bucketName });
  }

  /**
   * The daily sweep of Aadhaar scans that no registration names (functions/registrations/orphan-scans.ts):
   * it lists aadhaar/, reads the registrations those keys name and deletes the scans nobody names. Its role
   * can do only that: list the bucket under aadhaar/, batch-read the table, delete objects under aadhaar/.
   */
  private createOrphanScanSweeper(baseEnvironment: Record<string, string>, logRetention: RetentionDays): NodejsFunction {
    const logGroup = new LogGroup(this, 'OrphanScanSweeperFunctionLogs', { retention: logRetention });
    const role = new Role(this, 'OrphanScanSweeperFunctionRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Seed portal orphan Aadhaar scan sweeper',
    });
    logGroup.grantWrite(role);
    const fn = new NodejsFunction(this, 'OrphanScanSweeperFunction', {
      description: 'Seed portal job: deletes Aadhaar scans that no registration names',
      entry: ORPHAN_SCAN_SWEEPER_ENTRY,
      handler: 'handler',
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.minutes(10),
      role,
      logGroup,
      bundling: AREA_BUNDLING,
      // The shared configuration (it parses the JWT setting too; the secret itself is never read).
      environment: baseEnvironment,
    });
    const prefix = ORPHAN_SCANS_RULE.prefix;
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [this.uploadsBucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${prefix}*`] } },
      }),
    );
    role.addToPolicy(
      new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [this.uploadsBucket.arnForObjects(`${prefix}*`)] }),
    );
    role.addToPolicy(new PolicyStatement({ actions: ['dynamodb:BatchGetItem'], resources: [this.table.tableArn] }));
    // 03:30 India time, after the day's counters close and before they open.
    new Rule(this, 'OrphanScanSweepSchedule', {
      description: 'Daily sweep of Aadhaar scans that no registration names',
      schedule: Schedule.cron({ minute: '0', hour: '22' }),
      targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
    });
    const uploadsId = this.getLogicalId(this.uploadsBucket.node.defaultChild as CfnElement);
    acknowledge(role, [
      {
        id: `AwsSolutions-IAM5[Resource::<${uploadsId}.Arn>/${prefix}*]`,
        reason: 'Deletes only objects under the accepted-scans prefix of our own uploads bucket, the keys it sweeps.',
      },
    ]);
    acknowledge(fn, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'Pinned to Node.js 22 like the API functions (same bundling and runtime); moving to a newer runtime is a planned upgrade.',
      },
    ]);
    return fn;
  }

  /**
   * CloudWatch alarms to one SNS topic: API 5xx, Lambda errors and throttles per function, DynamoDB throttled
   * requests and system errors. The topic is encrypted with its own key, which CloudWatch may use.
   */
  private createAlarms(stage: HttpStage, alarmEmail: string | undefined): Topic {
    const topicKey = new Key(this, 'AlarmTopicKey', {
      description: 'Seed portal: encrypts the alarm topic',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    topicKey.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    const topic = new Topic(this, 'AlarmTopic', {
      displayName: 'Seed portal alarms',
      masterKey: topicKey,
      enforceSSL: true,
    });
    if (alarmEmail) topic.addSubscription(new EmailSubscription(alarmEmail));
    const action = new SnsAction(topic);
    const period = Duration.minutes(ALARM_PERIOD_MINUTES);
    const alarm = (id: string, metric: IMetric, threshold: number, description: string) => {
      const a = new Alarm(this, id, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(action);
      a.addOkAction(action);
      return a;
    };

    const t = ALARM_THRESHOLDS;
    alarm(
      'Api5xxAlarm',
      this.api.metricServerError({ period, statistic: 'Sum', dimensionsMap: { ApiId: this.api.apiId, Stage: stage.stageName } }),
      t.api5xx,
      `HTTP API answered ${t.api5xx} or more 5xx in ${ALARM_PERIOD_MINUTES} minutes`,
    );
    for (const [area, fn] of Object.entries({ ...this.functions, ...this.jobs })) {
      const name = pascal(area);
      alarm(
        `${name}FunctionErrorsAlarm`,
        fn.metricErrors({ period, statistic: 'Sum' }),
        t.functionErrors,
        `${area} function: ${t.functionErrors} or more errors (crashes, timeouts) in ${ALARM_PERIOD_MINUTES} minutes`,
      );
      alarm(
        `${name}FunctionThrottlesAlarm`,
        fn.metricThrottles({ period, statistic: 'Sum' }),
        t.functionThrottles,
        `${area} function: invocations throttled (concurrency limit reached)`,
      );
    }
    alarm(
      'TableThrottledRequestsAlarm',
      this.table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period }),
      t.tableThrottledRequests,
      `DynamoDB table: requests throttled in ${ALARM_PERIOD_MINUTES} minutes (hot key or partition)`,
    );
    alarm(
      'TableSystemErrorsAlarm',
      this.table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period }),
      t.tableSystemErrors,
      `DynamoDB table: system errors (HTTP 500 from DynamoDB) in ${ALARM_PERIOD_MINUTES} minutes`,
    );
    return topic;
  }

  /** Hashed build assets are immutable; everything else (index.html, icons) is revalidated on every load. */
  private deploySpa(distDir: string): void {
    if (!existsSync(join(distDir, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        'seed:spa-not-built',
        `${distDir}/index.html not found: the SPA is not deployed. Run \`npm run build:web\` before \`cdk deploy\`.`,
      );
      return;
    }
    const destinationBucket: IBucket = this.siteBucket;
    // The deployment's provider function logs here (one group for both deployments, same retention as ours).
    const logGroup = new LogGroup(this, 'SpaDeploymentLogs', {
      retention: this.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const assetsDir = join(distDir, 'assets');
    let assets: BucketDeployment | undefined;
    if (existsSync(assetsDir)) {
      assets = new BucketDeployment(this, 'DeploySpaAssets', {
        sources: [Source.asset(assetsDir)],
        destinationBucket,
        destinationKeyPrefix: 'assets/',
        // Old chunks stay for browsers still holding an older index.html.
        prune: false,
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
        logGroup,
      });
    }
    const pages = new BucketDeployment(this, 'DeploySpa', {
      sources: [Source.asset(distDir, { exclude: ['assets', 'assets/**'] })],
      destinationBucket,
      exclude: ['assets/*'],
      prune: true,
      cacheControl: [CacheControl.fromString('public, max-age=0, must-revalidate')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });
    if (assets) pages.node.addDependency(assets);

    // The deployment's provider function is a CDK singleton at the stack root.
    for (const child of this.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      acknowledge(child, [
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'CDK BucketDeployment provider function: aws-cdk-lib gives its role the AWS managed AWSLambdaBasicExecutionRole.',
        },
        {
          id: 'AwsSolutions-L1',
          reason: 'CDK BucketDeployment provider function: its runtime is chosen by aws-cdk-lib, not by us.',
        },
      ]);
      // Its policy (written by aws-cdk-lib) reads the CDK asset bucket, syncs objects into the site bucket and
      // invalidates the distribution; acknowledge exactly the wildcard findings cdk-nag reports for it.
      for (const policy of child.node.findAll().filter((c): c is CfnPolicy => c instanceof CfnPolicy)) {
        const findings = cdkNag.rules.iam.IAMNoWildcardPermissions(policy);
        if (!Array.isArray(findings)) continue;
        acknowledge(
          child,
          findings.map((finding) => ({
            id: `AwsSolutions-IAM5[${finding}]`,
            reason:
              'CDK BucketDeployment provider function: object wildcards on the CDK asset bucket and the site bucket, S3 action families for the sync, and CloudFront CreateInvalidation (which takes no resource ARN).',
          })),
        );
      }
    }
  }
}

/**
 * The deployable product: the edge stack (WAF web ACL, us-east-1) and the site stack (everything else, in
 * India), joined by a cross-region reference (CDK keeps the web ACL's ARN in an SSM parameter in us-east-1
 * and reads it from the site stack's region). infra/app.ts and the infrastructure tests build it this way.
 */
export function addSeedPortal(
  app: Construct,
  options: { stackName: string; account?: string; region: string } & Omit<
    SeedPortalStackProps,
    'env' | 'webAclArn' | 'crossRegionReferences'
  >,
): { edge: SeedPortalEdgeStack; site: SeedPortalStack } {
  const { stackName, account, region, ...siteProps } = options;
  const edge = new SeedPortalEdgeStack(app, `${stackName}Edge`, {
    env: { account, region: 'us-east-1' },
    crossRegionReferences: true,
    description: 'Seed purchase portal: WAF web ACL for the CloudFront distribution (CloudFront scope lives in us-east-1)',
  });
  const site = new SeedPortalStack(app, stackName, {
    ...siteProps,
    env: { account, region },
    crossRegionReferences: true,
    webAclArn: edge.webAcl.attrArn,
  });
  return { edge, site };
}

/**
 * Physical name of the uploads bucket: stack, account and region make it unique (S3 names are global).
 * Known before the bucket exists, so the CSP can name the bucket's domain.
 */
export function uploadsBucketNameFor(stack: Stack): string {
  const prefix = `${stack.stackName.toLowerCase()}-uploads`;
  // The account (12 digits) and the region (at most 14 characters) follow; S3 allows 63 characters.
  if (prefix.length + 1 + 12 + 1 + 14 > 63 || !/^[a-z0-9][a-z0-9-]*$/.test(prefix)) {
    throw new Error(
      `Stack name ${stack.stackName} does not fit into the uploads bucket name: use at most 27 letters, digits and hyphens.`,
    );
  }
  return `${prefix}-${stack.account}-${stack.region}`;
}

/** Every route must be reachable through CloudFront, i.e. start with one of the API path prefixes. */
export function checkRoutesAreServed(routes: readonly RouteDef[] = ROUTES): void {
  const stray = routes.filter((r) => !API_PATH_PREFIXES.some((p) => r.path.startsWith(p)));
  if (stray.length > 0) {
    throw new Error(
      `Routes outside the API path prefixes (${API_PATH_PREFIXES.join(', ')}) would never reach the API through CloudFront: ${stray
        .map(routeKey)
        .join(', ')}`,
    );
  }
}

/** Records cdk-nag acknowledgements (cdk-nag 3 reads CDK's Validations metadata); each carries its reason. */
function acknowledge(scope: Construct, rules: Acknowledgment[]): void {
  Validations.of(scope).acknowledge(...rules);
}
