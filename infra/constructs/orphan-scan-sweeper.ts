import { CfnElement, Duration, type Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { ORPHAN_SCANS_RULE } from '@functions/lib/upload-rules';
import { ORPHAN_SCAN_SWEEPER_ENTRY } from '../bundling';
import { acknowledge } from './acknowledge';
import { addLambdaFunction } from './lambda-function';

/**
 * The daily sweep of Aadhaar scans that no registration names (functions/registrations/orphan-scans.ts):
 * it lists aadhaar/, reads the registrations those keys name and deletes the scans nobody names. Its role
 * can do only that: list the bucket under aadhaar/, batch-read the table, delete objects under aadhaar/.
 */
export function addOrphanScanSweeper(
  stack: Stack,
  options: { uploadsBucket: Bucket; table: Table; baseEnvironment: Record<string, string>; logRetention: RetentionDays },
): NodejsFunction {
  const { uploadsBucket, table } = options;
  const { fn, role } = addLambdaFunction(stack, {
    idPrefix: 'OrphanScanSweeper',
    description: 'Seed portal job: deletes Aadhaar scans that no registration names',
    roleDescription: 'Seed portal orphan Aadhaar scan sweeper',
    entry: ORPHAN_SCAN_SWEEPER_ENTRY,
    timeout: Duration.minutes(10),
    // The shared configuration (it parses the JWT setting too; the secret itself is never read).
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
  role.addToPolicy(new PolicyStatement({ actions: ['dynamodb:BatchGetItem'], resources: [table.tableArn] }));
  // 03:30 India time, after the day's counters close and before they open.
  new Rule(stack, 'OrphanScanSweepSchedule', {
    description: 'Daily sweep of Aadhaar scans that no registration names',
    schedule: Schedule.cron({ minute: '0', hour: '22' }),
    targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
  });
  const uploadsId = stack.getLogicalId(uploadsBucket.node.defaultChild as CfnElement);
  acknowledge(role, [
    {
      id: `AwsSolutions-IAM5[Resource::<${uploadsId}.Arn>/${prefix}*]`,
      reason: 'Deletes only objects under the accepted-scans prefix of our own uploads bucket, the keys it sweeps.',
    },
  ]);
  return fn;
}
