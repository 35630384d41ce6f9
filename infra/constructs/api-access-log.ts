import { Duration, type Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { FilterPattern, type LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { METRICS_NAMESPACE } from '@functions/lib/metrics';
import { addAlarm } from './alarms';

/**
 * One JSON line per request in the API's access log: who (the viewer's address, which the origin authorizer
 * hands over from CloudFront's viewer-address header: HTTP API logs have no variable for a request header;
 * `sourceIp` is the CloudFront edge), what (the route), how it ended (the status, the authorizer's or the
 * integration's error) and how long it took (the whole answer, the function's share, the authorizer's).
 * docs/decisions/0045, section 4.
 */
export const API_ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  viewer: '$context.authorizer.viewer',
  sourceIp: '$context.identity.sourceIp',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  authorizerLatency: '$context.authorizer.latency',
  responseLength: '$context.responseLength',
  authorizerError: '$context.authorizer.error',
  integrationError: '$context.integrationErrorMessage',
} as const;

export const apiAccessLogFormat = () => AccessLogFormat.custom(JSON.stringify(API_ACCESS_LOG_FIELDS));

/** The count of 429 answers, from the access log (API Gateway's own metrics count them only among the 4xx). */
export const API_429_METRIC = 'ApiAnswered429';

/**
 * Per-minute alarms for registration day (docs/deployment.md, "Alarms"): a farmer refused for load is retried by
 * the app a few times (frontend/src/lib/retry.ts), so these fire while the resends still have a chance.
 */
export const MINUTE_ALARM_THRESHOLDS = {
  /** 429s of the API (route or stage throttle, the functions' own limits) in one minute. */
  api429: 50,
  /** 5xx of the API in one minute. */
  api5xx: 5,
  /**
   * Share of the minute's submits refused, in %, once there are REJECTED_SHARE_MIN_SUBMITS of them (a refusal is
   * any 4xx or 503 of the submit, invalid forms and repeats too: a share holds at any scale, a count does not).
   */
  registrationRejectedPercent: 25,
} as const;

/** Below this many submits in a minute the refused share is not judged (a few typos are not an incident). */
export const REJECTED_SHARE_MIN_SUBMITS = 20;

/** The 429 metric filter on the access log, and the minute alarms on 429s, 5xxs and refused registrations. */
export function addMinuteAlarms(
  stack: Stack,
  topic: Topic,
  options: { api: HttpApi; stage: HttpStage; accessLogs: LogGroup },
): void {
  const minute = Duration.minutes(1);
  const t = MINUTE_ALARM_THRESHOLDS;
  new MetricFilter(stack, 'Api429MetricFilter', {
    logGroup: options.accessLogs,
    filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
    metricNamespace: METRICS_NAMESPACE,
    metricName: API_429_METRIC,
    metricValue: '1',
  });
  addAlarm(
    stack,
    topic,
    'Api429MinuteAlarm',
    new Metric({ namespace: METRICS_NAMESPACE, metricName: API_429_METRIC, statistic: 'Sum', period: minute }),
    t.api429,
    `HTTP API answered ${t.api429} or more 429s in a minute: farmers are being refused for load (the app resends a few times)`,
  );
  addAlarm(
    stack,
    topic,
    'Api5xxAlarm',
    options.api.metricServerError({
      period: minute,
      statistic: 'Sum',
      dimensionsMap: { ApiId: options.api.apiId, Stage: options.stage.stageName },
    }),
    t.api5xx,
    `HTTP API answered ${t.api5xx} or more 5xx in a minute`,
  );
  const outcome = (metricName: 'RegistrationCreated' | 'RegistrationRejected') =>
    new Metric({
      namespace: METRICS_NAMESPACE,
      metricName,
      dimensionsMap: { service: 'registrations' },
      statistic: 'Sum',
      period: minute,
    });
  addAlarm(
    stack,
    topic,
    'RegistrationRejectedMinuteAlarm',
    new MathExpression({
      label: 'Registrations refused, % of submits',
      expression: `IF(made + refused >= ${REJECTED_SHARE_MIN_SUBMITS}, 100 * refused / (made + refused), 0)`,
      usingMetrics: { made: outcome('RegistrationCreated'), refused: outcome('RegistrationRejected') },
      period: minute,
    }),
    t.registrationRejectedPercent,
    `${t.registrationRejectedPercent} % or more of a minute's registrations refused (RegistrationRejected: forms refused, busy answers, conflicts)`,
  );
}
