import { Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AREA_BUNDLING, FUNCTION_RUNTIME } from '../bundling';
import { acknowledge } from './acknowledge';

/** 'sales' -> 'Sales': the start of a function's construct ids (SalesFunction, SalesFunctionRole, ...). */
export const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface LambdaFunctionOptions {
  /** Construct ids are <idPrefix>Function, <idPrefix>FunctionRole and <idPrefix>FunctionLogs. */
  idPrefix: string;
  description: string;
  roleDescription: string;
  entry: string;
  timeout: Duration;
  environment: Record<string, string>;
  logRetention: RetentionDays;
  /** Concurrency reserved for this function (a floor for it, a ceiling on it); none by default. */
  reservedConcurrency?: number;
  /** Why this function's Node.js runtime is acceptable to cdk-nag's AwsSolutions-L1 (latest runtime) rule. */
  runtimeReason: string;
}

/**
 * A project function: ARM, 512 MB, the shared bundling and runtime, its own log group and its own role.
 * The role may write only to that log group (no managed policy, no wildcard); callers grant the rest.
 */
export function addLambdaFunction(stack: Stack, options: LambdaFunctionOptions): { fn: NodejsFunction; role: Role } {
  const { idPrefix } = options;
  const logGroup = new LogGroup(stack, `${idPrefix}FunctionLogs`, { retention: options.logRetention });
  const role = new Role(stack, `${idPrefix}FunctionRole`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: options.roleDescription,
  });
  logGroup.grantWrite(role);
  const fn = new NodejsFunction(stack, `${idPrefix}Function`, {
    description: options.description,
    entry: options.entry,
    handler: 'handler',
    runtime: FUNCTION_RUNTIME,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    timeout: options.timeout,
    role,
    logGroup,
    bundling: AREA_BUNDLING,
    environment: options.environment,
    reservedConcurrentExecutions: options.reservedConcurrency,
    // X-Ray traces of each invocation (init, duration, errors) from the runtime itself: nothing in the bundle.
    tracing: Tracing.ACTIVE,
    // A version made by a deploy stays when the next deploy makes another: the one to roll back to.
    currentVersionOptions: { removalPolicy: RemovalPolicy.RETAIN },
  });
  acknowledge(fn, [{ id: 'AwsSolutions-L1', reason: options.runtimeReason }]);
  acknowledge(role, [
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level scope. Any other action on * is acknowledged where it is granted.',
    },
  ]);
  return { fn, role };
}
