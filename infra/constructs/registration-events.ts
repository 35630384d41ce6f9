import { CfnElement, Duration, type Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { REGISTRATION_EVENTS_ENTRY } from '../bundling';
import { acknowledge } from './acknowledge';
import { addAlarm } from './alarms';
import { addLambdaFunction } from './lambda-function';

/** The item actions of the farmer link and the counters (functions/registrations/registration-events.ts). */
export const REGISTRATION_EVENTS_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:ConditionCheckItem',
] as const;

/** Alarm when the oldest record waiting is this old: farmer links and dashboard counts are that late. */
export const REGISTRATION_EVENTS_ITERATOR_AGE_ALARM_MS = 5 * 60 * 1000;

/**
 * What follows a new registration, off the submit's path (docs/decisions/0036-lean-registration-write.md): the
 * table's stream, filtered to the inserts of registrations, feeds a function that links each to its farmer
 * and adds the batch to the dashboard's counters. A failed batch is retried whole (no bisecting: its counters
 * are added once under the batch's name) and, after the last attempt, described in a dead-letter queue.
 */
export function addRegistrationEvents(
  stack: Stack,
  options: { table: Table; aadhaarKey: ISecret; baseEnvironment: Record<string, string>; logRetention: RetentionDays },
): { fn: NodejsFunction; deadLetters: Queue } {
  const { table } = options;
  const { fn, role } = addLambdaFunction(stack, {
    idPrefix: 'RegistrationEvents',
    description: 'Seed portal job: links new registrations to their farmers and counts them on the dashboard',
    roleDescription: 'Seed portal registration events',
    entry: REGISTRATION_EVENTS_ENTRY,
    timeout: Duration.minutes(1),
    environment: { ...options.baseEnvironment, AADHAAR_KEY_ARN: options.aadhaarKey.secretArn },
    logRetention: options.logRetention,
    runtimeReason: 'Node.js 24 like the API functions (same bundling and runtime), the newest LTS runtime Lambda offers.',
  });
  options.aadhaarKey.grantRead(fn);
  role.addToPolicy(new PolicyStatement({ actions: [...REGISTRATION_EVENTS_TABLE_ACTIONS], resources: [table.tableArn] }));
  // The farmer list's and the farmer's Aadhaar lookups read the indexes.
  role.addToPolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/*`] }));
  const deadLetters = new Queue(stack, 'RegistrationEventsDeadLetters', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  acknowledge(deadLetters, [
    {
      id: 'AwsSolutions-SQS3',
      reason: "It is the dead-letter queue (the stream mapping's on-failure destination); nothing consumes it but a person.",
    },
  ]);
  fn.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: 100,
      maxBatchingWindow: Duration.seconds(1),
      retryAttempts: 10,
      onFailure: new SqsDlq(deadLetters),
      filters: [
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('INSERT'),
          dynamodb: { Keys: { sk: { S: FilterRule.isEqual('REG') } } },
        }),
      ],
    }),
  );
  const tableId = stack.getLogicalId(table.node.defaultChild as CfnElement);
  acknowledge(role, [
    {
      id: `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/index/*]`,
      reason: "Queries the table's own indexes (a farmer by Aadhaar); no other action on them.",
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: `dynamodb:ListStreams has no resource-level scope; the stream read itself is on <${tableId}.StreamArn> only.`,
    },
  ]);
  return { fn, deadLetters };
}

/** Alarms: a batch given up (in the dead-letter queue) and records waiting too long in the stream. */
export function addRegistrationEventsAlarms(
  stack: Stack,
  topic: Topic,
  events: { fn: NodejsFunction; deadLetters: Queue },
): void {
  addAlarm(
    stack,
    topic,
    'RegistrationEventsDeadLettersAlarm',
    events.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
    1,
    'Registration events: a batch of new registrations was given up (farmer links and dashboard counts missing); see the dead-letter queue',
  );
  addAlarm(
    stack,
    topic,
    'RegistrationEventsIteratorAgeAlarm',
    events.fn.metric('IteratorAge', { period: Duration.minutes(5), statistic: 'Maximum' }),
    REGISTRATION_EVENTS_ITERATOR_AGE_ALARM_MS,
    'Registration events: new registrations wait more than 5 minutes for their farmer link and dashboard count',
  );
}
