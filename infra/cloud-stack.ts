import { join } from 'node:path';
import { Annotations, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { REPO_ROOT } from './bundling';
import { addAlarms } from './constructs/alarms';
import { addAllocationSweeper } from './constructs/allocation-sweeper';
import { addMinuteAlarms } from './constructs/api-access-log';
import {
  AREA_GRANTS,
  addAreaFunctions,
  checkApiCertificateRegion,
  addHttpApi,
  checkRoutesAreServed,
  throttleRoutes,
} from './constructs/api';
import { addAuditArchive } from './constructs/audit-archive';
import { addRegistrationDayDashboard } from './constructs/dashboard';
import { addAppSecrets, addLogsBucket, addTable, addUploadsBucket, uploadsBucketNameFor } from './constructs/data';
import { SeedPortalEdgeStack } from './constructs/edge-waf';
import { SeedPortalMonitorStack } from './constructs/monitor';
import { addOrphanScanSweeper } from './constructs/orphan-scan-sweeper';
import { addRegistrationEvents, addRegistrationEventsAlarms } from './constructs/registration-events';
import { addSms, addSmsAlarms } from './constructs/notifications';
import { addStreamAlarms, addStreamFailuresBucket } from './constructs/stream-consumer';
import { addReconcileJob } from './constructs/reconcile-job';
import { addScanRetentionJob } from './constructs/scan-retention-job';
import { addSite } from './constructs/site';
import { addSpaDeployment } from './constructs/spa-deployment';
import {
  addRegistrationWarmth,
  checkRegistrationHours,
  registrationHoursFrom,
  type RegistrationHours,
} from './constructs/warm-registrations';

/*
 * The site stack composes the modules in ./constructs, each with one job. They add their resources to this
 * stack directly (scope = the stack, never a construct of their own): a construct in between would change
 * every logical ID, and CloudFormation would replace the deployed table, buckets and secrets. The order of
 * the calls is the order of the resources in the template.
 */

export interface SeedPortalStackProps extends StackProps {
  /** Deploy the built SPA (frontend/dist) to the site bucket. Default true; skipped with a warning when the folder is missing. */
  deploySpa?: boolean;
  /** Folder with the built SPA. Default: <repo>/frontend/dist. */
  spaDistDir?: string;
  /** Custom domain for the site (e.g. seeds.example.org); needs certificateArn. */
  domainName?: string;
  /** ACM certificate for domainName, in us-east-1 (CloudFront's requirement). */
  certificateArn?: string;
  /**
   * ACM certificate for domainName in the stack's own region. With it (and domainName, certificateArn) the API
   * gets a regional custom domain under the site's name and its execute-api endpoint is switched off, so no
   * request reaches a function without passing CloudFront and its WAF. Without it synth warns.
   */
  apiCertificateArn?: string;
  /** Version id of the origin-verification secret CloudFront sends (the last step of its rotation). */
  originVerifySecretVersion?: string;
  /** Public origin written into QR codes and allowed by the uploads bucket's CORS. Default: https://<domainName or distribution domain>. */
  publicBaseUrl?: string;
  tokenTtlHours?: number;
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Default throttling of the API stage. */
  apiThrottle?: { rateLimit: number; burstLimit: number };
  /** Retention of the functions' and the API's CloudWatch logs. Default 180 days (CERT-In, 2022). */
  logRetention?: RetentionDays;
  /**
   * ARN of the WAF web ACL (scope CLOUDFRONT, from SeedPortalEdgeStack) attached to the distribution.
   * infra/app.ts always passes it; without it synth warns that the site has no WAF.
   */
  webAclArn?: string;
  /** Name of that web ACL, for the registration-day dashboard's WAF graph. */
  webAclName?: string;
  /** E-mail address subscribed to the alarm topic (it has to confirm the subscription). Required: alarms must reach someone. */
  alarmEmail: string;
  /** The account's Lambda concurrent executions quota, for the concurrency alarm (default 1,000). */
  accountConcurrency?: number;
  /**
   * When the registration form opens (India time) and for how long its rush lasts: the registrations function has
   * `provisioned` instances initialized on its alias `live` from 15 minutes before. Default 10:00, 4 hours, 100.
   */
  registrationHours?: Partial<RegistrationHours>;
  /** SMS under DLT (docs/deployment.md, "SMS under DLT"): the entity ID, the sender ID and the messages-per-second quota. */
  sms?: { entityId?: string; senderId?: string; maxPerSecond?: number };
}

export class SeedPortalStack extends Stack {
  readonly table: Table;
  readonly uploadsBucket: Bucket;
  readonly siteBucket: Bucket;
  readonly logsBucket: Bucket;
  /** The audit log's archive: one Object Lock'ed object per entry. */
  readonly auditArchiveBucket: Bucket;
  readonly api: HttpApi;
  readonly distribution: Distribution;
  readonly functions: Record<string, NodejsFunction>;
  /**
   * Functions without routes: the orphan-scan and allocation sweepers, the scan retention and the reconciliation
   * (scheduled), the audit archive and registration events (stream), the API's origin authorizer.
   */
  readonly jobs: Record<string, NodejsFunction> = {};
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: SeedPortalStackProps) {
    super(scope, id, props);
    const logRetention = props.logRetention ?? RetentionDays.SIX_MONTHS;
    checkRoutesAreServed();
    checkApiCertificateRegion(props.apiCertificateArn, this.region);
    const registrationHours = registrationHoursFrom(props.registrationHours);
    checkRegistrationHours(registrationHours, AREA_GRANTS.registrations.reservedConcurrency ?? 0);

    this.logsBucket = addLogsBucket(this);
    this.table = addTable(this);
    const secrets = addAppSecrets(this);

    // The API before CloudFront (which needs only its id); its functions after, they need the site's URL.
    const apiOrigin =
      props.domainName && props.certificateArn && props.apiCertificateArn
        ? { domainName: props.domainName, certificateArn: props.apiCertificateArn }
        : undefined;
    if (!apiOrigin) {
      Annotations.of(this).addWarningV2(
        'seed:execute-api-open',
        'The API keeps its public execute-api endpoint: calls sent there skip CloudFront and its WAF. For registration day give domainName, certificateArn and apiCertificateArn (docs/deployment.md).',
      );
    }
    const { api, stage, accessLogs, originDomain } = addHttpApi(this, {
      apiName: `${id}-api`,
      throttle: props.apiThrottle ?? { rateLimit: 2000, burstLimit: 5000 },
      logRetention,
      origin: apiOrigin,
    });
    this.api = api;
    const uploadsBucketName = uploadsBucketNameFor(this);
    const site = addSite(this, {
      api,
      apiOriginDomain: originDomain,
      logsBucket: this.logsBucket,
      uploadsBucketName,
      domainName: props.domainName,
      certificateArn: props.certificateArn,
      publicBaseUrl: props.publicBaseUrl,
      webAclArn: props.webAclArn,
      originVerifySecretVersion: props.originVerifySecretVersion,
    });
    this.siteBucket = site.siteBucket;
    this.distribution = site.distribution;
    this.uploadsBucket = addUploadsBucket(this, {
      bucketName: uploadsBucketName,
      siteOrigins: site.siteOrigins,
      logsBucket: this.logsBucket,
    });

    const baseEnvironment: Record<string, string> = {
      TABLE_NAME: this.table.tableName,
      UPLOADS_BUCKET: this.uploadsBucket.bucketName,
      JWT_SECRET_ARN: secrets.jwtSecret.secretArn,
      PUBLIC_BASE_URL: site.publicBaseUrl,
      TOKEN_TTL_HOURS: String(props.tokenTtlHours ?? 10),
      LOG_LEVEL: props.logLevel ?? 'info',
    };
    const area = addAreaFunctions(this, {
      api,
      table: this.table,
      uploadsBucket: this.uploadsBucket,
      secrets,
      originVerifySecret: site.originVerifySecret,
      baseEnvironment,
      logRetention,
    });
    this.functions = area.functions;
    this.jobs.originAuthorizer = area.authorizerFunction;
    addRegistrationWarmth(area.aliases.registrations, registrationHours);
    throttleRoutes(stage, area.routes);
    this.jobs.orphanScanSweeper = addOrphanScanSweeper(this, {
      uploadsBucket: this.uploadsBucket,
      table: this.table,
      baseEnvironment,
      logRetention,
    });
    this.jobs.allocationSweeper = addAllocationSweeper(this, { table: this.table, baseEnvironment, logRetention });
    this.jobs.scanRetention = addScanRetentionJob(this, {
      uploadsBucket: this.uploadsBucket,
      table: this.table,
      baseEnvironment,
      logRetention,
    });
    const streamFailures = addStreamFailuresBucket(this, this.logsBucket);
    const archive = addAuditArchive(this, {
      table: this.table,
      logsBucket: this.logsBucket,
      failures: streamFailures,
      baseEnvironment,
      logRetention,
    });
    this.jobs.auditArchive = archive.fn;
    this.auditArchiveBucket = archive.bucket;
    const registrationEvents = addRegistrationEvents(this, {
      table: this.table,
      aadhaarKey: secrets.aadhaarKey,
      baseEnvironment,
      logRetention,
      failures: streamFailures,
    });
    this.jobs.registrationEvents = registrationEvents.fn;
    const sms = addSms(this, {
      table: this.table,
      baseEnvironment,
      logRetention,
      failures: streamFailures,
      farmerCodeKey: secrets.farmerCodeKey,
      entityId: props.sms?.entityId ?? '1001000000000000001',
      senderId: props.sms?.senderId ?? 'SEEDIN',
      maxPerSecond: props.sms?.maxPerSecond ?? 20,
    });
    if (!props.sms?.entityId)
      Annotations.of(this).addWarningV2(
        'seed:sms-dlt-entity',
        'No smsEntityId: SMS go out with a placeholder DLT entity ID and Indian carriers drop them (docs/deployment.md, "SMS under DLT").',
      );
    this.jobs.smsSender = sms.sender;
    this.jobs.smsDeliveryEvents = sms.deliveryEvents;
    this.jobs.smsJobs = sms.jobs;
    this.jobs.reconcile = addReconcileJob(this, {
      table: this.table,
      aadhaarKey: secrets.aadhaarKey,
      baseEnvironment,
      logRetention,
    });

    this.alarmTopic = addAlarms(this, {
      api,
      stage,
      functions: { ...this.functions, ...this.jobs },
      table: this.table,
      alarmEmail: props.alarmEmail,
      accountConcurrency: props.accountConcurrency,
    });
    addMinuteAlarms(this, this.alarmTopic, { api, stage, accessLogs });
    addRegistrationEventsAlarms(this, this.alarmTopic, registrationEvents);
    addStreamAlarms(this, this.alarmTopic, 'AuditArchive', 'audit-archive', archive.fn);
    addSmsAlarms(this, this.alarmTopic, sms);

    addRegistrationDayDashboard(this, {
      api,
      stage,
      distribution: this.distribution,
      table: this.table,
      functions: { ...this.functions, ...this.jobs },
      webAclName: props.webAclName,
    });

    if (props.deploySpa ?? true) {
      addSpaDeployment(this, {
        distDir: props.spaDistDir ?? join(REPO_ROOT, 'frontend', 'dist'),
        siteBucket: this.siteBucket,
        distribution: this.distribution,
        logRetention,
      });
    }

    new CfnOutput(this, 'SiteUrl', { value: site.publicBaseUrl, description: 'Public site URL' });
    new CfnOutput(this, 'DistributionDomain', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'ApiUrl', {
      value: stage.url,
      description: 'HTTP API endpoint (the site calls it same-origin through CloudFront)',
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: this.uploadsBucket.bucketName });
  }
}

/**
 * The deployable product: the edge stack (WAF web ACL, us-east-1), the site stack (everything else, in
 * India) and the monitor stack (alarms on CloudFront and the web ACL, us-east-1), joined by cross-region
 * references (CDK keeps the web ACL's ARN in an SSM parameter in us-east-1 and reads it from the site stack's
 * region; the distribution id goes the other way). Deployed in that order. infra/app.ts and the
 * infrastructure tests build it this way.
 */
export function addSeedPortal(
  app: Construct,
  options: { stackName: string; account?: string; region: string } & Omit<
    SeedPortalStackProps,
    'env' | 'webAclArn' | 'webAclName' | 'crossRegionReferences'
  >,
): { edge: SeedPortalEdgeStack; site: SeedPortalStack; monitor: SeedPortalMonitorStack } {
  const { stackName, account, region, ...siteProps } = options;
  const edge = new SeedPortalEdgeStack(app, `${stackName}Edge`, {
    env: { account, region: 'us-east-1' },
    crossRegionReferences: true,
    description: 'Seed purchase portal: WAF web ACL for the CloudFront distribution (CloudFront scope lives in us-east-1)',
  });
  const site = new SeedPortalStack(app, stackName, {
    ...siteProps,
    env: { account, region },
    crossRegionReferences: true,
    webAclArn: edge.webAcl.attrArn,
    webAclName: edge.webAclName,
  });
  const monitor = new SeedPortalMonitorStack(app, `${stackName}Monitor`, {
    env: { account, region: 'us-east-1' },
    crossRegionReferences: true,
    description: 'Seed purchase portal: alarms on CloudFront 5xx and WAF blocks (their metrics live in us-east-1)',
    distributionId: site.distribution.distributionId,
    webAclName: edge.webAclName,
    alarmEmail: siteProps.alarmEmail,
  });
  return { edge, site, monitor };
}
