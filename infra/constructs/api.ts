import { CfnElement, Duration, type Stack } from 'aws-cdk-lib';
import { HttpApi, HttpMethod as ApiMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EXPORT_FILES_RULE } from '@functions/lib/upload-rules';
import { API_PATH_PREFIXES, FUNCTION_AREAS, ROUTES, routeKey, type FunctionArea, type RouteDef } from '@shared/routes';
import { areaEntry } from '../bundling';
import { acknowledge } from './acknowledge';
import type { AppSecrets } from './data';
import { addLambdaFunction, pascal } from './lambda-function';

/**
 * Permissions beyond the table (read/write) and the JWT signing key, which every area gets. Areas that
 * are not listed get nothing more. The Aadhaar key (and its AADHAAR_KEY_ARN variable) goes only to the
 * areas that encrypt, decrypt or hash Aadhaar numbers; the uploads bucket only to those handling the scans.
 */
export interface AreaGrants {
  /** 'exports': read and write the export files under exports/ only. */
  uploads?: 'read' | 'readWriteDelete' | 'exports';
  aadhaarKey?: boolean;
  /** The function invokes itself asynchronously (a job that runs after the answer). */
  invokesItself?: boolean;
  /** Seconds, when the jobs it runs need more than a request's 10. */
  timeoutSeconds?: number;
}

export const AREA_GRANTS: Partial<Record<FunctionArea, AreaGrants>> = {
  registrations: { uploads: 'readWriteDelete', aadhaarKey: true },
  sales: { uploads: 'read', aadhaarKey: true },
  farmers: { uploads: 'read', aadhaarKey: true },
  producers: { aadhaarKey: true },
  // The registrations list hashes a searched Aadhaar number; export jobs run up to 5 minutes.
  exports: { uploads: 'exports', aadhaarKey: true, invokesItself: true, timeoutSeconds: 300 },
};

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

/**
 * The HTTP API and its one stage, without routes yet: CloudFront needs only the API's id, and the functions
 * behind the routes need the site's URL, which comes with the distribution.
 */
export function addHttpApi(
  stack: Stack,
  options: { apiName: string; throttle: { rateLimit: number; burstLimit: number }; logRetention: RetentionDays },
): { api: HttpApi; stage: HttpStage } {
  const api = new HttpApi(stack, 'HttpApi', {
    apiName: options.apiName,
    description: 'Seed portal API (routes from shared/routes.ts)',
    createDefaultStage: false,
  });
  const apiLogs = new LogGroup(stack, 'HttpApiAccessLogs', { retention: options.logRetention });
  const stage = new HttpStage(stack, 'HttpApiDefaultStage', {
    httpApi: api,
    stageName: '$default',
    autoDeploy: true,
    throttle: options.throttle,
    accessLogSettings: { destination: new LogGroupLogDestination(apiLogs) },
  });
  acknowledge(api, [
    {
      id: 'AwsSolutions-APIG4',
      reason:
        'Authorization is enforced inside each function from the route table (JWT via jose, roles per route); many routes are public by design (registration, bill and lot lookups). No API Gateway authorizer.',
    },
  ]);
  return { api, stage };
}

export interface AreaFunctionsOptions {
  api: HttpApi;
  table: Table;
  uploadsBucket: Bucket;
  secrets: AppSecrets;
  /** The environment every function gets; AADHAAR_KEY_ARN is added for the areas granted the key. */
  baseEnvironment: Record<string, string>;
  logRetention: RetentionDays;
}

/** One function per API area with the grants of AREA_GRANTS, and the area's routes from the route table. */
export function addAreaFunctions(stack: Stack, options: AreaFunctionsOptions): Record<string, NodejsFunction> {
  const { api, table, uploadsBucket, secrets } = options;
  const tableId = stack.getLogicalId(table.node.defaultChild as CfnElement);
  const uploadsId = stack.getLogicalId(uploadsBucket.node.defaultChild as CfnElement);
  const functions: Record<string, NodejsFunction> = {};

  for (const area of FUNCTION_AREAS) {
    const name = pascal(area);
    const grants = AREA_GRANTS[area] ?? {};
    const { fn, role } = addLambdaFunction(stack, {
      idPrefix: name,
      description: `Seed portal API area: ${area}`,
      roleDescription: `Seed portal ${area} function`,
      entry: areaEntry(area),
      timeout: Duration.seconds(grants.timeoutSeconds ?? 10),
      environment: {
        ...options.baseEnvironment,
        ...(grants.aadhaarKey ? { AADHAAR_KEY_ARN: secrets.aadhaarKey.secretArn } : {}),
      },
      logRetention: options.logRetention,
      runtimeReason:
        'Pinned to Node.js 22, an LTS runtime supported by Lambda well beyond this release and the closest one to the Node 20 used in development and tests; moving to a newer runtime is a planned upgrade.',
    });
    table.grantReadWriteData(fn);
    secrets.jwtSecret.grantRead(fn);
    if (grants.aadhaarKey) secrets.aadhaarKey.grantRead(fn);
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

    const integration = new HttpLambdaIntegration(`${name}Integration`, fn, {
      // One invoke permission per function instead of one per route (keeps the resource count down).
      scopePermissionToRoute: false,
    });
    for (const r of ROUTES as readonly RouteDef[]) {
      if (r.area !== area) continue;
      api.addRoutes({ path: r.path, methods: [ApiMethod[r.method]], integration });
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
      grantWildcards.map((finding) => ({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason:
          "Wildcard from a CDK grant scoped to our own resource: the table's indexes, the object keys of the uploads bucket, or the S3/KMS action family of grantRead/grantReadWrite/grantDelete on that bucket and its key.",
      })),
    );
  }
  return functions;
}
