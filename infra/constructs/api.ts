import { CfnElement, Duration, Token, type Stack } from 'aws-cdk-lib';
import {
  ApiMapping,
  DomainName,
  HttpApi,
  HttpMethod as ApiMethod,
  HttpStage,
  LogGroupLogDestination,
  SecurityPolicy,
  type CfnStage,
  type HttpRoute,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Alias } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_SECRET_ARN_ENV } from '@functions/lib/origin-verify';
import {
  API_PATH_PREFIXES,
  FUNCTION_AREAS,
  ROUTES,
  routeKey,
  type FunctionArea,
  type RouteDef,
  type RouteKey,
} from '@shared/routes';
import type { Construct } from 'constructs';
import { EXPORT_FILES_RULE } from '@functions/lib/upload-rules';
import { areaEntry } from '../bundling';
import { acknowledge } from './acknowledge';
import { apiAccessLogFormat } from './api-access-log';
import type { AppSecrets } from './data';
import { addLambdaFunction, pascal } from './lambda-function';
import { addOriginAuthorizer } from './origin-authorizer';

/** What a function may do with the table. Transactions need the actions of their parts; no area scans or batch-writes. */
export const TABLE_ACTIONS = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  write: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ],
} as const;

/** The alias of each area function that the API calls. */
export const LIVE_ALIAS = 'live';

export interface AreaGrants {
  table: keyof typeof TABLE_ACTIONS;
  /**
   * Partition keys (of the table and of the indexes it queries) the function may touch, as IAM patterns
   * (dynamodb:LeadingKeys). Only where an area reads a handful of key families; the others reach most of them.
   */
  leadingKeys?: readonly string[];
  /** 'exports': read and write the export files under exports/ only. */
  uploads?: 'read' | 'readWriteDelete' | 'exports';
  /** The function invokes itself asynchronously (a job that runs after the answer). */
  invokesItself?: boolean;
  /** Seconds, when the jobs it runs need more than a request's 10. */
  timeoutSeconds?: number;
  /** The Aadhaar key (and its AADHAAR_KEY_ARN variable): only the areas that encrypt, decrypt or hash numbers. */
  aadhaarKey?: boolean;
  /** The farmers' one-time code key (FARMER_CODE_KEY_ARN): the area that asks, checks and links codes. */
  farmerCodeKey?: boolean;
  /**
   * Concurrency set aside for the area: the counter's work (sign-in, sales, lots) keeps running while a
   * registration surge takes the rest of the account's pool (figures: docs/deployment.md, "Concurrency").
   */
  reservedConcurrency?: number;
}

/**
 * Every area's permissions beyond its log group and the JWT signing key (which every area reads). A new area
 * without a line here fails the typecheck. Checked in test/infra/stack.test.ts.
 */
export const AREA_GRANTS: Record<FunctionArea, AreaGrants> = {
  // The second factor's secrets are sealed under a key derived from the Aadhaar key (docs/decisions/0044-staff-second-factor.md).
  auth: { table: 'write', aadhaarKey: true, reservedConcurrency: 20 },
  // A super_admin's reconciliation run (POST /api/admin/reconcile) links registrations to farmers, which may make a
  // farmer from a registration's sealed Aadhaar number, and reads every registration and bill: the key and 29 s.
  admin: { table: 'write', aadhaarKey: true, timeoutSeconds: 29 },
  // The public home page and the public pages: settings, active content cards and announcements, and the
  // caller's user and roles when a signed-in member of staff opens them.
  home: {
    table: 'read',
    leadingKeys: ['CONFIG', 'BLOCK#*', 'BLOCKSLUG#*', 'ANN#*', 'CMSBLOCKS', 'CMSANN', 'USER#*', 'ROLE#*'],
  },
  cms: { table: 'write' },
  dashboard: { table: 'read' },
  producers: { table: 'write', aadhaarKey: true },
  crops: { table: 'write' },
  lots: { table: 'write', reservedConcurrency: 10 },
  farmers: { table: 'write', uploads: 'read', aadhaarKey: true },
  // The registration rush, reserved and capped: 300 of the account's 1,000 (docs/deployment.md, "Concurrency").
  registrations: {
    table: 'write',
    uploads: 'readWriteDelete',
    aadhaarKey: true,
    farmerCodeKey: true,
    reservedConcurrency: 300,
  },
  sales: { table: 'write', uploads: 'read', aadhaarKey: true, reservedConcurrency: 30 },
  allocation: { table: 'write' },
  // The counter's day: today's list, check-in tokens and the queue; reserved like sales, which it feeds.
  counter: { table: 'write', reservedConcurrency: 20 },
  // Export files under exports/ only; the registrations list hashes a searched Aadhaar number; export jobs run
  // up to 5 minutes, started by the function invoking itself.
  exports: { table: 'write', uploads: 'exports', aadhaarKey: true, invokesItself: true, timeoutSeconds: 300 },
  // The outbox, its templates, opt-outs and the reminder job run on demand (it reads a few days' due entries).
  notifications: { table: 'write', timeoutSeconds: 29 },
};

/**
 * Per-route throttles of the stage (requests per second over the whole API, and burst): a flood of one public
 * route, through CloudFront or not, is refused there before it takes the stage's whole budget from the others.
 * Figures: docs/deployment.md ("Throttles").
 */
export const ROUTE_THROTTLES: Partial<Record<RouteKey, { rateLimit: number; burstLimit: number }>> = {
  'POST /auth/login': { rateLimit: 50, burstLimit: 100 },
  'POST /auth/second-factor/verify': { rateLimit: 50, burstLimit: 100 },
  'POST /svsregistration/upload-url': { rateLimit: 300, burstLimit: 600 },
  'POST /svsregistration': { rateLimit: 300, burstLimit: 600 },
  'POST /svsregistration/find-letter': { rateLimit: 50, burstLimit: 100 },
};

/**
 * Applies ROUTE_THROTTLES to the stage, once the routes it names exist (API Gateway refuses unknown route keys),
 * with detailed metrics for those routes: their own Count, 4xx, 5xx and Latency per route (ApiId, Stage, Route),
 * so a throttled route shows which one it is.
 */
export function throttleRoutes(stage: HttpStage, routes: readonly Construct[]): void {
  const settings = Object.fromEntries(
    Object.entries(ROUTE_THROTTLES).map(([key, t]) => [
      key,
      { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit, DetailedMetricsEnabled: true },
    ]),
  );
  (stage.node.defaultChild as CfnStage).addPropertyOverride('RouteSettings', settings);
  for (const r of routes) stage.node.addDependency(r);
}

/** Every route must be reachable through CloudFront, i.e. start with one of the API path prefixes (or be a page). */
export function checkRoutesAreServed(routes: readonly RouteDef[] = ROUTES): void {
  const stray = routes.filter((r) => !r.page && !API_PATH_PREFIXES.some((p) => r.path.startsWith(p)));
  if (stray.length > 0) {
    throw new Error(
      `Routes outside the API path prefixes (${API_PATH_PREFIXES.join(', ')}) would never reach the API through CloudFront: ${stray
        .map(routeKey)
        .join(', ')}`,
    );
  }
}

/**
 * The HTTP API and its one stage, without routes yet: CloudFront needs only the API's id, and the functions
 * behind the routes need the site's URL, which comes with the distribution.
 */
export function addHttpApi(
  stack: Stack,
  options: {
    apiName: string;
    throttle: { rateLimit: number; burstLimit: number };
    logRetention: RetentionDays;
    origin?: ApiOriginDomainOptions;
  },
): { api: HttpApi; stage: HttpStage; accessLogs: LogGroup; originDomain?: string } {
  const api = new HttpApi(stack, 'HttpApi', {
    apiName: options.apiName,
    description: 'Seed portal API (routes from shared/routes.ts)',
    createDefaultStage: false,
    // With a custom domain of its own the API answers only there: the execute-api address refuses every call.
    disableExecuteApiEndpoint: options.origin !== undefined,
  });
  const apiLogs = new LogGroup(stack, 'HttpApiAccessLogs', { retention: options.logRetention });
  const stage = new HttpStage(stack, 'HttpApiDefaultStage', {
    httpApi: api,
    stageName: '$default',
    autoDeploy: true,
    throttle: options.throttle,
    accessLogSettings: { destination: new LogGroupLogDestination(apiLogs), format: apiAccessLogFormat() },
  });
  const originDomain = options.origin && addApiOriginDomain(stack, api, stage, options.origin);
  acknowledge(api, [
    {
      id: 'AwsSolutions-APIG4',
      reason:
        'Every route has the origin authorizer (a request that did not come through CloudFront is refused there); who may call a route is enforced inside each function from the route table (JWT via jose, roles per route), and many routes are public by design (registration, bill and lot lookups).',
    },
  ]);
  return { api, stage, accessLogs: apiLogs, originDomain };
}

/**
 * An API Gateway regional custom domain takes its certificate from ACM in the stack's own region: checked at synth,
 * with a clear message, instead of by CloudFormation after CloudFront was created. Skipped when either is a token.
 */
export function checkApiCertificateRegion(certificateArn: string | undefined, stackRegion: string): void {
  if (!certificateArn || Token.isUnresolved(certificateArn) || Token.isUnresolved(stackRegion)) return;
  const region = certificateArn.split(':')[3];
  if (!certificateArn.startsWith('arn:') || region !== stackRegion) {
    throw new Error(
      `apiCertificateArn must be an ACM certificate in the stack's region (${stackRegion}), not ${region || `'${certificateArn}'`}: API Gateway's regional custom domain takes it from there (request or import one for the same name in ${stackRegion}; docs/deployment.md).`,
    );
  }
}

export interface ApiOriginDomainOptions {
  /** The site's own domain name: CloudFront forwards the viewer's Host, and API Gateway serves this name. */
  domainName: string;
  /** ACM certificate for domainName in the stack's region (API Gateway's regional domains take it from there). */
  certificateArn: string;
}

/**
 * A regional custom domain of the API under the site's own name, reached only by CloudFront: the name's DNS
 * points at CloudFront, and CloudFront connects to the domain's regional address. Returns that address.
 */
function addApiOriginDomain(stack: Stack, api: HttpApi, stage: HttpStage, origin: ApiOriginDomainOptions): string {
  const domain = new DomainName(stack, 'ApiOriginDomain', {
    domainName: origin.domainName,
    certificate: Certificate.fromCertificateArn(stack, 'ApiOriginCertificate', origin.certificateArn),
    securityPolicy: SecurityPolicy.TLS_1_2,
  });
  new ApiMapping(stack, 'ApiOriginMapping', { api, domainName: domain, stage });
  return domain.regionalDomainName;
}

export interface AreaFunctionsOptions {
  api: HttpApi;
  table: Table;
  uploadsBucket: Bucket;
  secrets: AppSecrets;
  /** The value CloudFront sends to prove itself; every area function reads its current and previous values. */
  originVerifySecret: Secret;
  /** The environment every function gets; AADHAAR_KEY_ARN is added for the areas granted the key. */
  baseEnvironment: Record<string, string>;
  logRetention: RetentionDays;
}

/**
 * One function per API area with the grants of AREA_GRANTS, and the area's routes from the route table, each
 * behind the origin authorizer (./origin-authorizer.ts), whose function is returned too.
 */
export function addAreaFunctions(
  stack: Stack,
  options: AreaFunctionsOptions,
): {
  functions: Record<FunctionArea, NodejsFunction>;
  /** Each area's alias `live`, which its routes call. */
  aliases: Record<FunctionArea, Alias>;
  routes: HttpRoute[];
  authorizerFunction: NodejsFunction;
} {
  const { api, table, uploadsBucket, secrets } = options;
  const origin = addOriginAuthorizer(stack, {
    originVerifySecret: options.originVerifySecret,
    baseEnvironment: options.baseEnvironment,
    logRetention: options.logRetention,
  });
  const tableId = stack.getLogicalId(table.node.defaultChild as CfnElement);
  const uploadsId = stack.getLogicalId(uploadsBucket.node.defaultChild as CfnElement);
  const functions = {} as Record<FunctionArea, NodejsFunction>;
  const aliases = {} as Record<FunctionArea, Alias>;
  const routes: HttpRoute[] = [];

  for (const area of FUNCTION_AREAS) {
    const name = pascal(area);
    const grants = AREA_GRANTS[area];
    const { fn, role } = addLambdaFunction(stack, {
      idPrefix: name,
      description: `Seed portal API area: ${area}`,
      roleDescription: `Seed portal ${area} function`,
      entry: areaEntry(area),
      timeout: Duration.seconds(grants.timeoutSeconds ?? 10),
      environment: {
        ...options.baseEnvironment,
        [ORIGIN_VERIFY_SECRET_ARN_ENV]: options.originVerifySecret.secretArn,
        ...(grants.aadhaarKey ? { AADHAAR_KEY_ARN: secrets.aadhaarKey.secretArn } : {}),
        ...(grants.farmerCodeKey ? { FARMER_CODE_KEY_ARN: secrets.farmerCodeKey.secretArn } : {}),
      },
      logRetention: options.logRetention,
      reservedConcurrency: grants.reservedConcurrency,
      runtimeReason:
        'Node.js 24, the newest LTS runtime Lambda offers (upstream support to April 2028); development and tests run Node 20 or later, and the bundles target node24.',
    });
    role.addToPolicy(
      new PolicyStatement({
        actions: [...TABLE_ACTIONS[grants.table]],
        resources: [table.tableArn, `${table.tableArn}/index/*`],
        ...(grants.leadingKeys
          ? { conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...grants.leadingKeys] } } }
          : {}),
      }),
    );
    secrets.jwtSecret.grantRead(fn);
    options.originVerifySecret.grantRead(fn);
    if (grants.aadhaarKey) secrets.aadhaarKey.grantRead(fn);
    if (grants.farmerCodeKey) secrets.farmerCodeKey.grantRead(fn);
    if (grants.uploads === 'readWriteDelete') {
      uploadsBucket.grantReadWrite(fn);
      uploadsBucket.grantDelete(fn);
    } else if (grants.uploads === 'read') {
      uploadsBucket.grantRead(fn);
    } else if (grants.uploads === 'exports') {
      uploadsBucket.grantRead(fn, `${EXPORT_FILES_RULE.prefix}*`);
      uploadsBucket.grantPut(fn, `${EXPORT_FILES_RULE.prefix}*`);
    }
    if (grants.invokesItself) {
      // A policy of its own: the function does not wait for it, so naming the function's ARN makes no cycle.
      new Policy(stack, `${name}InvokesItself`, {
        roles: [role],
        statements: [new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] })],
      });
    }
    functions[area] = fn;

    // The API calls the alias, which each deploy moves to the new version; older versions stay, so a bad deploy
    // is rolled back in seconds by pointing the alias at the previous one (docs/deployment.md, "Runbooks").
    const live = new Alias(stack, `${name}FunctionLive`, { aliasName: LIVE_ALIAS, version: fn.currentVersion });
    aliases[area] = live;
    const integration = new HttpLambdaIntegration(`${name}Integration`, live, {
      // One invoke permission per function instead of one per route (keeps the resource count down).
      scopePermissionToRoute: false,
    });
    for (const r of ROUTES as readonly RouteDef[]) {
      if (r.area !== area) continue;
      routes.push(...api.addRoutes({ path: r.path, methods: [ApiMethod[r.method]], integration, authorizer: origin.authorizer }));
    }

    // Exactly the wildcard findings our grants produce; anything new fails synth until it is reviewed.
    const grantWildcards = [`Resource::<${tableId}.Arn>/index/*`];
    if (grants.uploads === 'exports') {
      grantWildcards.push(
        `Resource::<${uploadsId}.Arn>/${EXPORT_FILES_RULE.prefix}*`,
        'Action::s3:GetObject*',
        'Action::s3:GetBucket*',
        'Action::s3:List*',
        'Action::s3:Abort*',
        'Action::kms:GenerateDataKey*',
        'Action::kms:ReEncrypt*',
      );
    } else if (grants.uploads) {
      grantWildcards.push(`Resource::<${uploadsId}.Arn>/*`, 'Action::s3:GetObject*', 'Action::s3:GetBucket*', 'Action::s3:List*');
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
      [...new Set(grantWildcards)].map((finding) => ({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason:
          "Wildcard from a CDK grant scoped to our own resource: the table's indexes, the object keys of the uploads bucket, or the S3/KMS action family of grantRead/grantReadWrite/grantDelete on that bucket and its key.",
      })),
    );
  }
  return { functions, aliases, routes, authorizerFunction: origin.fn };
}
