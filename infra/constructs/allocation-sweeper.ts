import { CfnElement, Duration, type Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { ALLOCATION_SWEEPER_ENTRY } from '../bundling';
import { acknowledge } from './acknowledge';
import { addLambdaFunction } from './lambda-function';

/** The item actions of the sweep's reads and conditional writes (a transaction needs those of its items). */
export const ALLOCATION_SWEEPER_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
] as const;

/**
 * The allocation sweep every 15 minutes (functions/allocation/sweep.ts): expiry of confirmed registrations
 * past their collection day, promotion of the waiting lists, the repair of a leaked waiting count. Its role
 * reads and writes the table's items (no scan, no table management) and queries the catalogue's index.
 */
export function addAllocationSweeper(
  stack: Stack,
  options: { table: Table; baseEnvironment: Record<string, string>; logRetention: RetentionDays },
): NodejsFunction {
  const { table } = options;
  const { fn, role } = addLambdaFunction(stack, {
    idPrefix: 'AllocationSweeper',
    description: 'Seed portal job: expires unclaimed places and moves the waiting lists',
    roleDescription: 'Seed portal allocation sweeper',
    entry: ALLOCATION_SWEEPER_ENTRY,
    // Shorter than the rule's period, so that two scheduled runs overlap only when the lease lapses.
    timeout: Duration.minutes(5),
    environment: options.baseEnvironment,
    logRetention: options.logRetention,
    runtimeReason: 'Node.js 24 like the API functions (same bundling and runtime), the newest LTS runtime Lambda offers.',
  });
  role.addToPolicy(new PolicyStatement({ actions: [...ALLOCATION_SWEEPER_TABLE_ACTIONS], resources: [table.tableArn] }));
  role.addToPolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/*`] }));
  new Rule(stack, 'AllocationSweepSchedule', {
    description: 'Allocation sweep: expiry and promotion every 15 minutes',
    schedule: Schedule.rate(Duration.minutes(15)),
    targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
  });
  const tableId = stack.getLogicalId(table.node.defaultChild as CfnElement);
  acknowledge(role, [
    {
      id: `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/index/*]`,
      reason: "Queries the table's own indexes (the catalogue's crop list); no other action on them.",
    },
  ]);
  return fn;
}
