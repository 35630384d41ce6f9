import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { SeedPortalStack } from '@infra/cloud-stack';
import { OUTBOX_OLDEST_PENDING_ALARM_SECONDS, SMS_CONFIGURATION_SET, SMS_FINAL_EVENTS } from '@infra/constructs/notifications';

/**
 * The SMS resources of the stack (infra/constructs/notifications.ts, docs/decisions/0041-sms-notifications.md): the
 * sender on the table's stream with a grant to send from the configured sender ID and configuration set only, the
 * configuration set's event destination and the function it feeds, the two schedules, and the alarms.
 */
const CDK_CONTEXT = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context as Record<
  string,
  unknown
>;
type Resource = { Properties: any };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string; Condition?: unknown };

function synth() {
  const app = new App({ context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [] } });
  const stack = new SeedPortalStack(app, 'SeedPortal', {
    env: { account: '123456789012', region: 'ap-south-1' },
    deploySpa: false,
    alarmEmail: 'ops@example.org',
    sms: { entityId: '1201160000000012345', senderId: 'KRSHAK', maxPerSecond: 50 },
  });
  return Template.fromStack(stack);
}

describe('SMS resources', { timeout: 120_000 }, () => {
  const template = synth();
  const all = (type: string) => Object.entries(template.findResources(type)) as [string, Resource][];
  const fnWith = (description: RegExp) =>
    all('AWS::Lambda::Function').find(([, f]) => description.test(f.Properties.Description))!;
  const statementsOf = (fnId: string): Statement[] => {
    const roleId = all('AWS::Lambda::Function').find(([id]) => id === fnId)![1].Properties.Role['Fn::GetAtt'][0];
    return all('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
  };
  const [senderId, sender] = fnWith(/sends the farmers’ SMS/);
  const [deliveryId] = fnWith(/delivered or failed/);
  const [jobsId] = fnWith(/reminders/);

  it('runs one sender at a time, on the stream, with the DLT settings in its environment', () => {
    expect(sender.Properties.ReservedConcurrentExecutions).toBe(1);
    expect(sender.Properties.Environment.Variables).toMatchObject({
      SMS_ENTITY_ID: '1201160000000012345',
      SMS_ORIGINATION_IDENTITY: 'KRSHAK',
      SMS_CONFIGURATION_SET: SMS_CONFIGURATION_SET,
      SMS_MAX_PER_SECOND: '50',
    });
    const [[, mapping]] = all('AWS::Lambda::EventSourceMapping').filter(([, m]) => m.Properties.FunctionName.Ref === senderId);
    expect(mapping!.Properties).toMatchObject({
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const patterns = mapping!.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern));
    // New registrations and bills, and pending outbox items nobody has claimed.
    expect(patterns).toContainEqual({ eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: ['REG', 'INVOICE'] } } } });
    expect(patterns).toContainEqual({
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: { Keys: { sk: { S: ['NOTE'] } }, NewImage: { status: { S: ['pending'] }, leaseOwner: [{ exists: false }] } },
    });
  });

  it('may send only from the configured sender ID and configuration set, and nothing else of End User Messaging', () => {
    const sms = statementsOf(senderId).filter((st) => [st.Action].flat().some((a) => a.startsWith('sms-voice:')));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.Action).toBe('sms-voice:SendTextMessage');
    const resources = JSON.stringify(sms[0]!.Resource);
    expect(resources).toContain(':sender-id/KRSHAK/IN');
    expect(resources).toContain(`:configuration-set/${SMS_CONFIGURATION_SET}`);
    expect(sms[0]!.Resource).toHaveLength(2);
    expect(resources).not.toContain('"*"');
    // The other functions send nothing.
    for (const id of [deliveryId, jobsId]) expect(JSON.stringify(statementsOf(id)), id).not.toContain('sms-voice:');
    const actions = statementsOf(senderId).flatMap((st) => [st.Action].flat());
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions).not.toContain('dynamodb:DeleteItem');
  });

  it('reports the final delivery events of the configuration set to an encrypted topic the delivery function reads', () => {
    const [[, set]] = all('AWS::SMSVOICE::ConfigurationSet');
    expect(set!.Properties.ConfigurationSetName).toBe(SMS_CONFIGURATION_SET);
    expect(set!.Properties.DefaultSenderId).toBe('KRSHAK');
    const [destination] = set!.Properties.EventDestinations;
    expect(destination).toMatchObject({ Enabled: true, MatchingEventTypes: [...SMS_FINAL_EVENTS] });
    // Delivered, or taken by a carrier that gives no receipt: both settle a message.
    expect(destination.MatchingEventTypes).toEqual(
      expect.arrayContaining(['TEXT_DELIVERED', 'TEXT_SUCCESSFUL', 'TEXT_UNREACHABLE']),
    );
    const topicRef = destination.SnsDestination.TopicArn.Ref as string;
    const topic = all('AWS::SNS::Topic').find(([id]) => id === topicRef)![1];
    expect(topic.Properties.KmsMasterKeyId).toBeDefined();
    const subscription = all('AWS::SNS::Subscription').find(([, s]) => s.Properties.TopicArn.Ref === topicRef)![1];
    expect(subscription.Properties).toMatchObject({ Protocol: 'lambda', Endpoint: { 'Fn::GetAtt': [deliveryId, 'Arn'] } });
    const topicPolicy = all('AWS::SNS::TopicPolicy').find(([, p]) => JSON.stringify(p.Properties.Topics).includes(topicRef))!;
    expect(JSON.stringify(topicPolicy[1].Properties.PolicyDocument)).toContain('sms-voice.amazonaws.com');
    // The delivery function changes outbox items only.
    const table = statementsOf(deliveryId).filter((st) => [st.Action].flat().some((a) => a.startsWith('dynamodb:')));
    expect(table.every((st) => JSON.stringify(st.Condition).includes('NOTE#*'))).toBe(true);
  });

  it('writes the reminders at 08:00 India time and releases held messages every 15 minutes', () => {
    const rules = all('AWS::Events::Rule').filter(([, r]) =>
      r.Properties.Targets.some((t: { Arn: unknown }) => JSON.stringify(t.Arn).includes(jobsId)),
    );
    const schedules = rules.map(([, r]) => [r.Properties.ScheduleExpression, JSON.parse(r.Properties.Targets[0].Input)]);
    expect(schedules).toEqual(
      expect.arrayContaining([
        ['cron(30 2 * * ? *)', { job: 'reminders' }],
        ['rate(15 minutes)', { job: 'release' }],
      ]),
    );
    expect(schedules).toHaveLength(2);
  });

  it('alarms on a message given up, on the oldest pending message and on the sender’s stream', () => {
    const alarms = all('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const of = (metric: string) =>
      alarms.find((a) => a.MetricName === metric && JSON.stringify(a.Dimensions).includes('notifications'));
    expect(of('SmsSendFailed')).toMatchObject({ Namespace: 'SeedPortal', Threshold: 1, Statistic: 'Sum' });
    expect(of('OutboxOldestPendingSeconds')).toMatchObject({
      Namespace: 'SeedPortal',
      Threshold: OUTBOX_OLDEST_PENDING_ALARM_SECONDS,
      Statistic: 'Maximum',
    });
    expect(of('StreamRecordSetAside')).toBeDefined();
    expect(alarms.find((a) => a.MetricName === 'IteratorAge' && JSON.stringify(a.Dimensions).includes(senderId))).toBeDefined();
    for (const a of [of('SmsSendFailed'), of('OutboxOldestPendingSeconds')]) expect(a!.AlarmActions).toHaveLength(1);
  });
});
