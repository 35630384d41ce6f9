import { Duration, type Stack } from 'aws-cdk-lib';
import type { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { Dashboard, GraphWidget, MathExpression, Metric, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { METRICS_NAMESPACE } from '@functions/lib/metrics';
import { TABLE_OPERATIONS } from './alarms';

export interface RegistrationDayDashboardOptions {
  api: HttpApi;
  stage: HttpStage;
  distribution: Distribution;
  table: Table;
  functions: Record<string, NodejsFunction>;
  /** Name of the CloudFront web ACL (edge stack, us-east-1); its metrics live in us-east-1. */
  webAclName?: string;
}

const MINUTE = Duration.minutes(1);

/**
 * One CloudWatch dashboard for registration day: registrations per minute, API 4xx/5xx and p95 latency, Lambda
 * throttles and concurrency, DynamoDB throttling, CloudFront errors and WAF blocks (the last two from us-east-1,
 * where CloudFront and its web ACL report).
 */
export function addRegistrationDayDashboard(stack: Stack, options: RegistrationDayDashboardOptions): Dashboard {
  const { api, stage, distribution, table } = options;
  const apiMetric = (metricName: string, statistic: string) =>
    new Metric({
      namespace: 'AWS/ApiGateway',
      metricName,
      dimensionsMap: { ApiId: api.apiId, Stage: stage.stageName },
      statistic,
      period: MINUTE,
    });
  const functionMetrics = (pick: (fn: NodejsFunction) => IMetric) => Object.values(options.functions).map(pick);
  const dashboard = new Dashboard(stack, 'RegistrationDayDashboard', {
    dashboardName: `${stack.stackName}-registration-day`,
    defaultInterval: Duration.hours(3),
  });
  const wide = { width: 12, height: 6 };
  dashboard.addWidgets(
    new GraphWidget({
      ...wide,
      title: 'Registrations per minute (made and refused)',
      left: ['RegistrationCreated', 'RegistrationRejected'].map(
        (metricName) =>
          new Metric({
            namespace: METRICS_NAMESPACE,
            metricName,
            dimensionsMap: { service: 'registrations' },
            statistic: 'Sum',
            period: MINUTE,
          }),
      ),
    }),
    new GraphWidget({
      ...wide,
      title: 'API answers per minute: 4xx and 5xx',
      left: [apiMetric('Count', 'Sum'), apiMetric('4xx', 'Sum'), apiMetric('5xx', 'Sum')],
    }),
    new GraphWidget({
      ...wide,
      title: 'API latency p95 and p50 (ms)',
      left: [apiMetric('Latency', 'p95'), apiMetric('Latency', 'p50')],
    }),
    new GraphWidget({
      ...wide,
      title: 'Lambda: concurrent executions (account) and throttles (per function)',
      left: [LambdaFunction.metricAllConcurrentExecutions({ statistic: 'Maximum', period: MINUTE })],
      right: functionMetrics((fn) => fn.metricThrottles({ statistic: 'Sum', period: MINUTE })),
    }),
    new GraphWidget({
      ...wide,
      title: 'DynamoDB: write units consumed per second and throttled requests',
      left: [
        new MathExpression({
          expression: 'wcu / 60',
          usingMetrics: { wcu: table.metricConsumedWriteCapacityUnits({ statistic: 'Sum', period: MINUTE }) },
          label: 'WCU/s',
          period: MINUTE,
        }),
      ],
      right: [table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: MINUTE })],
    }),
    new GraphWidget({
      ...wide,
      title: 'CloudFront error rates (%) and WAF blocked requests',
      left: ['4xxErrorRate', '5xxErrorRate'].map(
        (metricName) =>
          new Metric({
            namespace: 'AWS/CloudFront',
            metricName,
            dimensionsMap: { DistributionId: distribution.distributionId, Region: 'Global' },
            statistic: 'Average',
            period: MINUTE,
            region: 'us-east-1',
          }),
      ),
      right: options.webAclName
        ? [
            new Metric({
              namespace: 'AWS/WAFV2',
              metricName: 'BlockedRequests',
              dimensionsMap: { WebACL: options.webAclName, Rule: 'ALL' },
              statistic: 'Sum',
              period: MINUTE,
              region: 'us-east-1',
            }),
          ]
        : [],
    }),
  );
  return dashboard;
}
