import { Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import type { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type Table } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { pascal } from './lambda-function';

/** Alarm thresholds (per 5 minutes); docs/deployment.md, "Alarms". */
export const ALARM_PERIOD_MINUTES = 5;
export const ALARM_THRESHOLDS = {
  /** Lambda Errors (crashes and timeouts; handled errors are answers, not Errors) per function. */
  functionErrors: 5,
  /** Lambda Throttles per function: any throttle is a farmer turned away. */
  functionThrottles: 1,
  /** DynamoDB requests throttled, summed over the operations the functions use. */
  tableThrottledRequests: 1,
  /** DynamoDB system errors (HTTP 500 from DynamoDB), summed over the same operations. */
  tableSystemErrors: 1,
  /** API p95 latency in milliseconds (a registration takes ≈ 250 ms warm; cold starts ≈ 1 s). */
  apiLatencyP95Ms: 3000,
  /** Share of the account's Lambda concurrency quota in use at once (maximum over the period). */
  accountConcurrencyShare: 0.8,
} as const;

/**
 * Thresholds of the alarms in us-east-1 (SeedPortalMonitorStack, infra/constructs/monitor.ts), per 5 minutes
 * unless said otherwise; CloudFront and its web ACL report only there.
 */
export const EDGE_ALARM_THRESHOLDS = {
  /** CloudFront 5xxErrorRate (% of all requests, average): above the API's few 5xx, so the site itself is failing. */
  cloudFront5xxErrorRatePercent: 5,
  /**
   * WAF BlockedRequests (all rules) in one minute (not five: a farmer refused by a rate rule retries within
   * seconds, and the limit to raise should be raised while the rush lasts). A normal day blocks a few dozen a
   * day; 200 in a minute is farmers turned away or an attack.
   */
  webAclBlockedRequests: 200,
} as const;

/** The account's Lambda concurrency quota the alarm compares against (docs/deployment.md, "Quotas"). */
export const DEFAULT_ACCOUNT_CONCURRENCY = 1000;

/** The DynamoDB operations the functions call (the alarms sum their metrics). */
export const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.QUERY,
  Operation.BATCH_GET_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

export interface AlarmsOptions {
  api: HttpApi;
  stage: HttpStage;
  /** Every function by its name (area or job); each gets an errors and a throttles alarm. */
  functions: Record<string, NodejsFunction>;
  table: Table;
  /** E-mail address subscribed to the topic (it has to confirm the subscription). */
  alarmEmail: string;
  /** The account's concurrent executions quota (default DEFAULT_ACCOUNT_CONCURRENCY). */
  accountConcurrency?: number;
}

/**
 * The SNS topic alarms go to, with the e-mail subscription: encrypted with its own key (which CloudWatch may
 * use) and reachable only over TLS. Each stack that alarms has one, in its own region.
 */
export function addAlarmTopic(stack: Stack, alarmEmail: string): Topic {
  const topicKey = new Key(stack, 'AlarmTopicKey', {
    description: 'Seed portal: encrypts the alarm topic',
    enableKeyRotation: true,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  topicKey.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
  const topic = new Topic(stack, 'AlarmTopic', {
    displayName: 'Seed portal alarms',
    masterKey: topicKey,
    enforceSSL: true,
  });
  topic.addSubscription(new EmailSubscription(alarmEmail));
  return topic;
}

/** One alarm over one 5-minute period (missing data is fine) that notifies the topic when it fires and clears. */
export function addAlarm(stack: Stack, topic: Topic, id: string, metric: IMetric, threshold: number, description: string): Alarm {
  const action = new SnsAction(topic);
  const a = new Alarm(stack, id, {
    alarmDescription: description,
    metric,
    threshold,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  a.addAlarmAction(action);
  a.addOkAction(action);
  return a;
}

/**
 * CloudWatch alarms to one SNS topic: API latency, Lambda errors and throttles per function, DynamoDB throttled
 * requests and system errors. The topic is encrypted with its own key, which CloudWatch may use.
 */
export function addAlarms(stack: Stack, options: AlarmsOptions): Topic {
  const topic = addAlarmTopic(stack, options.alarmEmail);
  const period = Duration.minutes(ALARM_PERIOD_MINUTES);
  const alarm = (id: string, metric: IMetric, threshold: number, description: string) =>
    addAlarm(stack, topic, id, metric, threshold, description);

  const t = ALARM_THRESHOLDS;
  const { api, stage, table } = options;
  // The API's 5xx and 429 alarm per minute: ./api-access-log.ts.
  alarm(
    'ApiLatencyP95Alarm',
    new Metric({
      namespace: 'AWS/ApiGateway',
      metricName: 'Latency',
      dimensionsMap: { ApiId: api.apiId, Stage: stage.stageName },
      statistic: 'p95',
      period,
    }),
    t.apiLatencyP95Ms,
    `HTTP API: p95 latency ${t.apiLatencyP95Ms} ms or more over ${ALARM_PERIOD_MINUTES} minutes`,
  );
  const quota = options.accountConcurrency ?? DEFAULT_ACCOUNT_CONCURRENCY;
  alarm(
    'AccountConcurrencyAlarm',
    LambdaFunction.metricAllConcurrentExecutions({ period, statistic: 'Maximum' }),
    Math.floor(quota * t.accountConcurrencyShare),
    `Lambda: ${Math.round(t.accountConcurrencyShare * 100)} % of the account's ${quota} concurrent executions in use (request a higher quota)`,
  );
  for (const [name, fn] of Object.entries(options.functions)) {
    alarm(
      `${pascal(name)}FunctionErrorsAlarm`,
      fn.metricErrors({ period, statistic: 'Sum' }),
      t.functionErrors,
      `${name} function: ${t.functionErrors} or more errors (crashes, timeouts) in ${ALARM_PERIOD_MINUTES} minutes`,
    );
    alarm(
      `${pascal(name)}FunctionThrottlesAlarm`,
      fn.metricThrottles({ period, statistic: 'Sum' }),
      t.functionThrottles,
      `${name} function: invocations throttled (concurrency limit reached)`,
    );
  }
  alarm(
    'TableThrottledRequestsAlarm',
    table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period }),
    t.tableThrottledRequests,
    `DynamoDB table: requests throttled in ${ALARM_PERIOD_MINUTES} minutes (hot key or partition)`,
  );
  alarm(
    'TableSystemErrorsAlarm',
    table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period }),
    t.tableSystemErrors,
    `DynamoDB table: system errors (HTTP 500 from DynamoDB) in ${ALARM_PERIOD_MINUTES} minutes`,
  );
  return topic;
}
