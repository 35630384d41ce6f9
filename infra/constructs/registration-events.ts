import { CfnElement, Duration, type Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { REGISTRATION_EVENTS_ENTRY } from '../bundling';
import { acknowledge } from './acknowledge';
import { addLambdaFunction } from './lambda-function';
import { addStreamAlarms, addStreamMapping, STREAM_ITERATOR_AGE_ALARM_MS } from './stream-consumer';

/** The item actions of the farmer link and the counters (functions/registrations/registration-events.ts). */
export const REGISTRATION_EVENTS_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:ConditionCheckItem',
] as const;

/** Alarm when the oldest record waiting is this old: farmer links and dashboard counts are that late. */
export const REGISTRATION_EVENTS_ITERATOR_AGE_ALARM_MS = STREAM_ITERATOR_AGE_ALARM_MS;

/**
 * What follows a new registration, off the submit's path (docs/decisions/0032-lean-registration-write.md): the
 * table's stream, filtered to the inserts of registrations, feeds a function that links each to its farmer
 * and counts it on the dashboard, record by record (./stream-consumer.ts: partial batch answers, bisecting, a
 * bounded retry, the records given up kept whole).
 */
export function addRegistrationEvents(
  stack: Stack,
  options: {
    table: Table;
    aadhaarKey: ISecret;
    baseEnvironment: Record<string, string>;
    logRetention: RetentionDays;
    failures: Bucket;
  },
): { fn: NodejsFunction } {
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
  addStreamMapping(fn, role, {
    consumer: 'registration-events',
    table,
    failures: options.failures,
    filters: [
      FilterCriteria.filter({
        eventName: FilterRule.isEqual('INSERT'),
        dynamodb: { Keys: { sk: { S: FilterRule.isEqual('REG') } } },
      }),
    ],
  });
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
  return { fn };
}

/** Alarms: records waiting too long in the stream, records set aside, records that could not be kept. */
export function addRegistrationEventsAlarms(stack: Stack, topic: Topic, events: { fn: NodejsFunction }): void {
  addStreamAlarms(stack, topic, 'RegistrationEvents', 'registration-events', events.fn);
}
