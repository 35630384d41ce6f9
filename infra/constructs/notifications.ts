import { CfnElement, Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { FilterCriteria, FilterRule } from 'aws-cdk-lib/aws-lambda';
import { SnsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { CfnConfigurationSet } from 'aws-cdk-lib/aws-smsvoice';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { METRICS_NAMESPACE } from '@functions/lib/metrics';
import { SMS_DELIVERY_EVENTS_ENTRY, SMS_JOBS_ENTRY, SMS_SENDER_ENTRY } from '../bundling';
import { acknowledge } from './acknowledge';
import { addAlarm } from './alarms';
import { addLambdaFunction } from './lambda-function';
import { addStreamAlarms, addStreamMapping } from './stream-consumer';

/**
 * SMS to farmers through AWS End User Messaging SMS (docs/decisions/0041-sms-notifications.md):
 *  - the sender, on the table's stream (new registrations, new bills, pending outbox items), one instance at a
 *    time (the account's messages-per-second quota is held in one process), allowed `sms-voice:SendTextMessage`
 *    on the institute's sender ID and the configuration set only;
 *  - the configuration set, whose event destination is an SNS topic feeding the delivery events' function;
 *  - the reminder job each morning at 08:00 India time and the release of held messages every 15 minutes;
 *  - alarms on any message given up and on the outbox's oldest pending item.
 */
export const SMS_CONFIGURATION_SET = 'seed-portal-sms';

/**
 * The events the destination sends: the final ones (delivered, or why not). TEXT_SUCCESSFUL (the carrier took
 * it) is the final word where carriers give no delivery receipt; where they do, it comes before TEXT_DELIVERED
 * and is not final, and the delivery function lets it pass.
 */
export const SMS_FINAL_EVENTS = [
  'TEXT_DELIVERED',
  'TEXT_SUCCESSFUL',
  'TEXT_INVALID',
  'TEXT_INVALID_MESSAGE',
  'TEXT_UNREACHABLE',
  'TEXT_CARRIER_UNREACHABLE',
  'TEXT_BLOCKED',
  'TEXT_CARRIER_BLOCKED',
  'TEXT_SPAM',
  'TEXT_UNKNOWN',
  'TEXT_TTL_EXPIRED',
  'TEXT_PROTECT_BLOCKED',
] as const;

/** The outbox's oldest pending item may wait this long before the alarm (the release job measures it). */
export const OUTBOX_OLDEST_PENDING_ALARM_SECONDS = 15 * 60;

export interface SmsOptions {
  table: Table;
  baseEnvironment: Record<string, string>;
  logRetention: RetentionDays;
  failures: Bucket;
  /** The farmers' one-time codes arrive sealed with it (docs/decisions/0043-farmer-one-time-codes.md). */
  farmerCodeKey: Secret;
  /** The DLT entity ID, the registered sender ID and the account's messages-per-second quota for India. */
  entityId: string;
  senderId: string;
  maxPerSecond: number;
}

export interface SmsResources {
  sender: NodejsFunction;
  deliveryEvents: NodejsFunction;
  jobs: NodejsFunction;
  eventsTopic: Topic;
  configurationSet: CfnConfigurationSet;
}

export function addSms(stack: Stack, o: SmsOptions): SmsResources {
  const { table } = o;
  const tableId = stack.getLogicalId(table.node.defaultChild as CfnElement);
  const environment = {
    ...o.baseEnvironment,
    SMS_ENTITY_ID: o.entityId,
    SMS_ORIGINATION_IDENTITY: o.senderId,
    SMS_CONFIGURATION_SET: SMS_CONFIGURATION_SET,
    SMS_MAX_PER_SECOND: String(o.maxPerSecond),
  };
  const runtimeReason = 'Node.js 24 like the API functions (same bundling and runtime), the newest LTS runtime Lambda offers.';
  const indexRead = new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/*`] });
  const indexReason = {
    id: `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/index/*]`,
    reason: "Queries the table's own indexes (the outbox of a day by status); no other action on them.",
  };

  // ---- the delivery events: configuration set -> SNS topic (encrypted) -> function ----
  const topicKey = new Key(stack, 'SmsEventsTopicKey', {
    description: 'Seed portal: encrypts the SMS delivery events topic',
    enableKeyRotation: true,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  topicKey.grant(new ServicePrincipal('sms-voice.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
  const eventsTopic = new Topic(stack, 'SmsEventsTopic', {
    displayName: 'Seed portal SMS delivery events',
    masterKey: topicKey,
    enforceSSL: true,
  });
  eventsTopic.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal('sms-voice.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [eventsTopic.topicArn],
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
  );
  const configurationSet = new CfnConfigurationSet(stack, 'SmsConfigurationSet', {
    configurationSetName: SMS_CONFIGURATION_SET,
    defaultSenderId: o.senderId,
    eventDestinations: [
      {
        eventDestinationName: 'delivery-events',
        enabled: true,
        matchingEventTypes: [...SMS_FINAL_EVENTS],
        snsDestination: { topicArn: eventsTopic.topicArn },
      },
    ],
  });

  // ---- the sender ----
  const { fn: sender, role: senderRole } = addLambdaFunction(stack, {
    idPrefix: 'SmsSender',
    description: 'Seed portal job: writes and sends the farmers’ SMS from the outbox (at most once each)',
    roleDescription: 'Seed portal SMS sender',
    entry: SMS_SENDER_ENTRY,
    timeout: Duration.minutes(5),
    environment: { ...environment, FARMER_CODE_KEY_ARN: o.farmerCodeKey.secretArn },
    logRetention: o.logRetention,
    // One instance: the account's messages-per-second quota is held by one process (decision 0041, section 3).
    reservedConcurrency: 1,
    runtimeReason,
  });
  senderRole.addToPolicy(
    new PolicyStatement({
      actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
      resources: [table.tableArn],
    }),
  );
  senderRole.addToPolicy(
    new PolicyStatement({
      actions: ['sms-voice:SendTextMessage'],
      resources: [
        stack.formatArn({ service: 'sms-voice', resource: 'sender-id', resourceName: `${o.senderId}/IN` }),
        stack.formatArn({ service: 'sms-voice', resource: 'configuration-set', resourceName: SMS_CONFIGURATION_SET }),
      ],
    }),
  );
  o.farmerCodeKey.grantRead(sender);
  addStreamMapping(sender, senderRole, {
    consumer: 'notifications',
    table,
    failures: o.failures,
    filters: [
      FilterCriteria.filter({
        eventName: FilterRule.isEqual('INSERT'),
        dynamodb: { Keys: { sk: { S: FilterRule.or('REG', 'INVOICE') } } },
      }),
      FilterCriteria.filter({
        eventName: FilterRule.or('INSERT', 'MODIFY'),
        dynamodb: {
          Keys: { sk: { S: FilterRule.isEqual('NOTE') } },
          NewImage: { status: { S: FilterRule.isEqual('pending') }, leaseOwner: FilterRule.notExists() },
        },
      }),
      // a farmer's one-time code while it is sealed for sending (functions/notifications/code-sender.ts)
      FilterCriteria.filter({
        eventName: FilterRule.or('INSERT', 'MODIFY'),
        dynamodb: { Keys: { sk: { S: FilterRule.isEqual('FCODE') } }, NewImage: { sealed: { S: FilterRule.exists() } } },
      }),
    ],
  });
  acknowledge(senderRole, [
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: `dynamodb:ListStreams has no resource-level scope; the stream read itself is on <${tableId}.StreamArn> only.`,
    },
  ]);

  // ---- delivery events ----
  const { fn: deliveryEvents, role: deliveryRole } = addLambdaFunction(stack, {
    idPrefix: 'SmsDeliveryEvents',
    description: 'Seed portal job: marks each SMS delivered or failed from the carrier’s events',
    roleDescription: 'Seed portal SMS delivery events',
    entry: SMS_DELIVERY_EVENTS_ENTRY,
    timeout: Duration.seconds(30),
    environment,
    logRetention: o.logRetention,
    runtimeReason,
  });
  deliveryRole.addToPolicy(
    new PolicyStatement({
      actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['NOTE#*'] } },
    }),
  );
  deliveryEvents.addEventSource(new SnsEventSource(eventsTopic));

  // ---- the reminder job and the release of held messages ----
  const { fn: jobs, role: jobsRole } = addLambdaFunction(stack, {
    idPrefix: 'SmsJobs',
    description: 'Seed portal job: day-before reminders, last-day warnings, held SMS released at 08:00',
    roleDescription: 'Seed portal SMS jobs',
    entry: SMS_JOBS_ENTRY,
    timeout: Duration.minutes(5),
    environment,
    logRetention: o.logRetention,
    runtimeReason,
  });
  jobsRole.addToPolicy(
    new PolicyStatement({
      actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
      resources: [table.tableArn],
    }),
  );
  jobsRole.addToPolicy(indexRead);
  acknowledge(jobsRole, [indexReason]);
  new Rule(stack, 'SmsReminderSchedule', {
    description: 'SMS: day-before reminders and last-day warnings, 08:00 India time',
    schedule: Schedule.cron({ minute: '30', hour: '2' }),
    targets: [new LambdaFunction(jobs, { retryAttempts: 2, event: RuleTargetInput.fromObject({ job: 'reminders' }) })],
  });
  new Rule(stack, 'SmsReleaseSchedule', {
    description: 'SMS: held messages released after quiet hours, claims never recorded settled',
    schedule: Schedule.rate(Duration.minutes(15)),
    targets: [new LambdaFunction(jobs, { retryAttempts: 2, event: RuleTargetInput.fromObject({ job: 'release' }) })],
  });

  return { sender, deliveryEvents, jobs, eventsTopic, configurationSet };
}

/** Alarms: a message given up, the outbox's oldest pending item too old, and the sender's stream alarms. */
export function addSmsAlarms(stack: Stack, topic: Topic, sms: SmsResources): void {
  const ours = (metricName: string, statistic: string) =>
    new Metric({
      namespace: METRICS_NAMESPACE,
      metricName,
      dimensionsMap: { service: 'notifications' },
      period: Duration.minutes(5),
      statistic,
    });
  addAlarm(
    stack,
    topic,
    'SmsSendFailedAlarm',
    ours('SmsSendFailed', 'Sum'),
    1,
    'notifications: an SMS was given up after its tries (see the outbox screen, status failed, for the reason)',
  );
  addAlarm(
    stack,
    topic,
    'SmsOutboxOldestPendingAlarm',
    ours('OutboxOldestPendingSeconds', 'Maximum'),
    OUTBOX_OLDEST_PENDING_ALARM_SECONDS,
    'notifications: the oldest pending SMS has waited 15 minutes or more (the sender is stopped or far behind)',
  );
  addStreamAlarms(stack, topic, 'SmsSender', 'notifications', sms.sender);
}
