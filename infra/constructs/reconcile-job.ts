import { CfnElement, Duration, type Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { RECONCILE_ENTRY } from '../bundling';
import { acknowledge } from './acknowledge';
import { addLambdaFunction } from './lambda-function';
import { TABLE_ACTIONS } from './api';

/**
 * The item actions of the reconciliation (functions/reconcile/job.ts): its reads, the counters' ADDs, the late
 * count's transaction, the farmer link (a new farmer's number and transaction) and its lease.
 */
export const RECONCILE_TABLE_ACTIONS = TABLE_ACTIONS.write;

/**
 * The nightly reconciliation: the farmer links, dashboard counters and report counters recomputed from the
 * registrations and bills, the differences corrected (docs/deployment.md, "Reconciliation job"). Its role reads
 * and writes the table's items and queries its indexes (no Scan), and reads the Aadhaar key, which a farmer made
 * for an unlinked registration needs.
 */
export function addReconcileJob(
  stack: Stack,
  options: { table: Table; aadhaarKey: ISecret; baseEnvironment: Record<string, string>; logRetention: RetentionDays },
): NodejsFunction {
  const { table } = options;
  const { fn, role } = addLambdaFunction(stack, {
    idPrefix: 'Reconcile',
    description: 'Seed portal job: recomputes farmer links and counters from the registrations and bills',
    roleDescription: 'Seed portal reconciliation of derived data',
    entry: RECONCILE_ENTRY,
    timeout: Duration.minutes(15),
    environment: { ...options.baseEnvironment, AADHAAR_KEY_ARN: options.aadhaarKey.secretArn },
    logRetention: options.logRetention,
    runtimeReason: 'Node.js 24 like the API functions (same bundling and runtime), the newest LTS runtime Lambda offers.',
  });
  options.aadhaarKey.grantRead(fn);
  role.addToPolicy(new PolicyStatement({ actions: [...RECONCILE_TABLE_ACTIONS], resources: [table.tableArn] }));
  role.addToPolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/*`] }));
  // 03:00 India time: after the day's last sales and the pools' reconciliation (02:00), before the scan retention.
  new Rule(stack, 'ReconcileSchedule', {
    description: 'Nightly reconciliation of farmer links and counters',
    schedule: Schedule.cron({ minute: '30', hour: '21' }),
    targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
  });
  const tableId = stack.getLogicalId(table.node.defaultChild as CfnElement);
  acknowledge(role, [
    {
      id: `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/index/*]`,
      reason:
        "Queries the table's own indexes (the registrations' and bills' lists, a farmer by Aadhaar); no other action on them.",
    },
  ]);
  return fn;
}
