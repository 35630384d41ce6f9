import { Duration, Stack, Token, type StackProps } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { ALARM_PERIOD_MINUTES, EDGE_ALARM_THRESHOLDS, addAlarm, addAlarmTopic } from './alarms';

export interface SeedPortalMonitorStackProps extends StackProps {
  /** The CloudFront distribution's id (from the site stack, through a cross-region reference). */
  distributionId: string;
  /** The CloudFront web ACL's name (SeedPortalEdgeStack.webAclName): its metrics' WebACL dimension. */
  webAclName: string;
  /** E-mail address subscribed to this stack's alarm topic (the same one as the site's). */
  alarmEmail: string;
}

/**
 * Alarms on what reports only in us-east-1: the distribution's 5xx error rate and the web ACL's blocked
 * requests, to an alarm topic of its own there (an alarm reads only its own region's metrics, and notifies
 * only a topic in its own region). Created after the site stack, whose distribution id it takes; the edge
 * stack comes before the site, so the id cannot go there without a cycle.
 */
export class SeedPortalMonitorStack extends Stack {
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: SeedPortalMonitorStackProps) {
    super(scope, id, props);
    if (!Token.isUnresolved(this.region) && this.region !== 'us-east-1') {
      throw new Error(`The monitor stack alarms on CloudFront's metrics and must be in us-east-1, not ${this.region}.`);
    }
    this.alarmTopic = addAlarmTopic(this, props.alarmEmail);
    const period = Duration.minutes(ALARM_PERIOD_MINUTES);
    const t = EDGE_ALARM_THRESHOLDS;
    addAlarm(
      this,
      this.alarmTopic,
      'CloudFront5xxErrorRateAlarm',
      new Metric({
        namespace: 'AWS/CloudFront',
        metricName: '5xxErrorRate',
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic: 'Average',
        period,
      }),
      t.cloudFront5xxErrorRatePercent,
      `CloudFront: ${t.cloudFront5xxErrorRatePercent} % or more of requests answered 5xx over ${ALARM_PERIOD_MINUTES} minutes`,
    );
    addAlarm(
      this,
      this.alarmTopic,
      'WebAclBlockedRequestsAlarm',
      new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: props.webAclName, Rule: 'ALL' },
        statistic: 'Sum',
        period: Duration.minutes(1),
      }),
      t.webAclBlockedRequests,
      `WAF: ${t.webAclBlockedRequests} or more requests blocked in a minute (farmers turned away, or an attack)`,
    );
  }
}
