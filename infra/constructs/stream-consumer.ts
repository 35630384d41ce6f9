import { Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import {
  type DlqDestinationConfig,
  type FilterCriteria,
  type IEventSourceDlq,
  type IEventSourceMapping,
  type IFunction,
  StartingPosition,
} from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { acknowledge } from './acknowledge';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { METRICS_NAMESPACE } from '@functions/lib/metrics';
import { NOT_KEPT_METRIC, SET_ASIDE_METRIC, type ConsumerName } from '@functions/lib/stream-consumer';
import { addAlarm } from './alarms';

/**
 * A consumer of the table's stream (docs/decisions/0036-stream-consumers.md): a mapping that takes partial
 * batch answers and bisects a failing batch, retries a bounded number of times, and then hands the batch to an
 * S3 on-failure destination, which keeps the records themselves (a queue would hold only pointers into a stream
 * kept 24 hours). The function keeps each record it gives up on in the table's failure store
 * (functions/lib/stream-failures.ts) and may write only there. Alarms: records waiting (iterator age), records
 * set aside, records it could not keep.
 */
export const STREAM_RETRY_ATTEMPTS = 10;
/** Records older than this are handed to the on-failure destination rather than tried again. */
export const STREAM_MAX_RECORD_AGE = Duration.hours(12);
/** Alarm when the oldest record waiting is this old: the derived data is that late. */
export const STREAM_ITERATOR_AGE_ALARM_MS = 5 * 60 * 1000;

/** The bucket every stream mapping hands the batches it gives up to (kept 90 days). */
export function addStreamFailuresBucket(stack: Stack, logsBucket: Bucket): Bucket {
  return new Bucket(stack, 'StreamFailuresBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    serverAccessLogsBucket: logsBucket,
    serverAccessLogsPrefix: 'stream-failures/',
    lifecycleRules: [{ expiration: Duration.days(90) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
}

/**
 * The S3 on-failure destination with the two actions the mapping needs (s3:PutObject, s3:ListBucket): the
 * library's own grants the function read, write and delete on the whole bucket.
 */
class FailuresBucketDestination implements IEventSourceDlq {
  constructor(private readonly bucket: Bucket) {}
  bind(_target: IEventSourceMapping, targetHandler: IFunction): DlqDestinationConfig {
    targetHandler.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.bucket.arnForObjects('*')] }),
    );
    targetHandler.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }));
    return { destination: this.bucket.bucketArn };
  }
}

export function addStreamMapping(
  fn: NodejsFunction,
  role: Role,
  o: { consumer: ConsumerName; table: Table; filters: Record<string, unknown>[]; failures: Bucket; batchSize?: number },
): void {
  fn.addEventSource(
    new DynamoEventSource(o.table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: o.batchSize ?? 100,
      maxBatchingWindow: Duration.seconds(1),
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      retryAttempts: STREAM_RETRY_ATTEMPTS,
      maxRecordAge: STREAM_MAX_RECORD_AGE,
      onFailure: new FailuresBucketDestination(o.failures),
      filters: o.filters,
    }),
  );
  // The failure store: its own partition only.
  role.addToPolicy(
    new PolicyStatement({
      actions: ['dynamodb:UpdateItem'],
      resources: [o.table.tableArn],
      conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [`STREAMFAILED#${o.consumer}`] } },
    }),
  );
  const bucketId =
    (o.failures.node.defaultChild as { logicalId?: string } | undefined) &&
    o.failures.stack.getLogicalId(o.failures.node.defaultChild as never);
  acknowledge(role, [
    {
      id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/*]`,
      reason:
        'The stream mapping writes the batches it gives up as objects of its own failures bucket; their keys are made per batch.',
    },
  ]);
}

export function addStreamAlarms(stack: Stack, topic: Topic, idPrefix: string, consumer: ConsumerName, fn: NodejsFunction): void {
  const ours = (metricName: string) =>
    new Metric({
      namespace: METRICS_NAMESPACE,
      metricName,
      dimensionsMap: { service: consumer },
      period: Duration.minutes(5),
      statistic: 'Sum',
    });
  addAlarm(
    stack,
    topic,
    `${idPrefix}IteratorAgeAlarm`,
    fn.metric('IteratorAge', { period: Duration.minutes(5), statistic: 'Maximum' }),
    STREAM_ITERATOR_AGE_ALARM_MS,
    `${consumer}: stream records wait more than 5 minutes (derived data is late)`,
  );
  addAlarm(
    stack,
    topic,
    `${idPrefix}SetAsideAlarm`,
    ours(SET_ASIDE_METRIC),
    1,
    `${consumer}: a stream record was set aside after its attempts; see docs/deployment.md, runbook "A stream record set aside" (npm run replay-stream)`,
  );
  addAlarm(
    stack,
    topic,
    `${idPrefix}NotKeptAlarm`,
    ours(NOT_KEPT_METRIC),
    1,
    `${consumer}: a stream record failed and could not be kept in the failure store (the mapping retries it, then hands it to the failures bucket)`,
  );
}

export type { FilterCriteria };
