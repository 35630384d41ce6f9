import { CfnElement, Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectLockRetention } from 'aws-cdk-lib/aws-s3';
import { AUDIT_ARCHIVE_ENTRY } from '../bundling';
import { acknowledge } from './acknowledge';
import { addLambdaFunction } from './lambda-function';
import { addStreamMapping } from './stream-consumer';

/**
 * How long each archived entry is locked: 8 years, as long as the bills they record are kept (the books of a
 * registered person are kept 72 months after the year's annual return is due, so 8 years from a sale covers
 * the longest case). docs/decisions/0023-records.md, section 2.
 */
export const AUDIT_ARCHIVE_RETENTION_DAYS = 8 * 365;

/** The prefix of every archived entry's key (functions/lib/audit-log.ts, archiveKeyOf). */
export const AUDIT_ARCHIVE_PREFIX = 'audit/';

/**
 * The audit log's archive: the table's stream (new images) feeds a small function that copies every new
 * AUDIT# item to a bucket with Object Lock in governance mode, one object per entry. The event source mapping
 * passes only INSERTs whose pk begins with AUDIT#; the function may only put objects under audit/ there.
 */
export function addAuditArchive(
  stack: Stack,
  options: {
    table: Table;
    logsBucket: Bucket;
    failures: Bucket;
    baseEnvironment: Record<string, string>;
    logRetention: RetentionDays;
  },
): { bucket: Bucket; fn: NodejsFunction } {
  const { table } = options;
  const bucket = new Bucket(stack, 'AuditArchiveBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    versioned: true,
    objectLockEnabled: true,
    objectLockDefaultRetention: ObjectLockRetention.governance(Duration.days(AUDIT_ARCHIVE_RETENTION_DAYS)),
    serverAccessLogsBucket: options.logsBucket,
    serverAccessLogsPrefix: 'audit-archive/',
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const { fn, role } = addLambdaFunction(stack, {
    idPrefix: 'AuditArchive',
    description: 'Seed portal job: copies each new audit log entry to the locked archive bucket',
    roleDescription: 'Seed portal audit archive',
    entry: AUDIT_ARCHIVE_ENTRY,
    timeout: Duration.minutes(1),
    environment: { ...options.baseEnvironment, AUDIT_ARCHIVE_BUCKET: bucket.bucketName },
    logRetention: options.logRetention,
    runtimeReason: 'Node.js 24 like the API functions (same bundling and runtime), the newest LTS runtime Lambda offers.',
  });
  role.addToPolicy(
    new PolicyStatement({ actions: ['s3:PutObject'], resources: [bucket.arnForObjects(`${AUDIT_ARCHIVE_PREFIX}*`)] }),
  );
  addStreamMapping(fn, role, {
    consumer: 'audit-archive',
    table,
    failures: options.failures,
    filters: [
      FilterCriteria.filter({
        eventName: FilterRule.isEqual('INSERT'),
        dynamodb: { Keys: { pk: { S: FilterRule.beginsWith('AUDIT#') } } },
      }),
    ],
  });
  const tableId = stack.getLogicalId(table.node.defaultChild as CfnElement);
  acknowledge(role, [
    {
      id: `AwsSolutions-IAM5[Resource::<${AUDIT_ARCHIVE_BUCKET_ID(stack, bucket)}.Arn>/audit/*]`,
      reason: 'Puts one object per audit entry under audit/ of its own archive bucket; keys are made per entry.',
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: `dynamodb:ListStreams has no resource-level scope; the stream read itself is on <${tableId}.StreamArn> only. (X-Ray's two actions, as on every function.)`,
    },
  ]);
  return { bucket, fn };
}

const AUDIT_ARCHIVE_BUCKET_ID = (stack: Stack, bucket: Bucket) => stack.getLogicalId(bucket.node.defaultChild as CfnElement);
