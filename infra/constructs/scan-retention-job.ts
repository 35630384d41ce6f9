import { CfnElement, Duration, type Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { ORPHAN_SCANS_RULE } from '@functions/lib/upload-rules';
import { SCAN_RETENTION_ENTRY } from '../bundling';
import { acknowledge } from './acknowledge';
import { addLambdaFunction } from './lambda-function';

/**
 * The daily scan retention (functions/registrations/retention.ts): deletes the Aadhaar scans past their
 * retention days and goes on with a season being closed. Its role reads and writes table items (the purge
 * entries, the registrations' mark, its lease) and lists and deletes objects under aadhaar/ only.
 */
export function addScanRetentionJob(
  stack: Stack,
  options: { uploadsBucket: Bucket; table: Table; baseEnvironment: Record<string, string>; logRetention: RetentionDays },
): NodejsFunction {
  const { uploadsBucket, table } = options;
  const { fn, role } = addLambdaFunction(stack, {
    idPrefix: 'ScanRetention',
    description: 'Seed portal job: deletes Aadhaar scans past their retention time',
    roleDescription: 'Seed portal Aadhaar scan retention',
    entry: SCAN_RETENTION_ENTRY,
    timeout: Duration.minutes(10),
    environment: options.baseEnvironment,
    logRetention: options.logRetention,
    runtimeReason: 'Node.js 24 like the API functions (same bundling and runtime), the newest LTS runtime Lambda offers.',
  });
  const prefix = ORPHAN_SCANS_RULE.prefix;
  role.addToPolicy(
    new PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [uploadsBucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': [`${prefix}*`] } },
    }),
  );
  role.addToPolicy(new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [uploadsBucket.arnForObjects(`${prefix}*`)] }));
  role.addToPolicy(
    new PolicyStatement({
      actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
      resources: [table.tableArn],
    }),
  );
  // 04:00 India time, after the orphan sweep and before the counters open.
  new Rule(stack, 'ScanRetentionSchedule', {
    description: 'Daily deletion of Aadhaar scans past their retention time',
    schedule: Schedule.cron({ minute: '30', hour: '22' }),
    targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
  });
  const uploadsId = stack.getLogicalId(uploadsBucket.node.defaultChild as CfnElement);
  acknowledge(role, [
    {
      id: `AwsSolutions-IAM5[Resource::<${uploadsId}.Arn>/${prefix}*]`,
      reason: 'Deletes only objects under the accepted-scans prefix of our own uploads bucket, the scans past their time.',
    },
  ]);
  return fn;
}
