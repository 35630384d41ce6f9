import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import cdkNag from 'cdk-nag'; // CommonJS: named exports are reached through the default export
import { acknowledge } from './acknowledge';

/**
 * Copies the built SPA into the site bucket and invalidates the distribution. Hashed build assets are
 * immutable; everything else (index.html, icons) is revalidated on every load. Without a build it only warns.
 */
export function addSpaDeployment(
  stack: Stack,
  options: { distDir: string; siteBucket: IBucket; distribution: Distribution; logRetention: RetentionDays },
): void {
  const { distDir, siteBucket: destinationBucket, distribution } = options;
  if (!existsSync(join(distDir, 'index.html'))) {
    Annotations.of(stack).addWarningV2(
      'seed:spa-not-built',
      `${distDir}/index.html not found: the SPA is not deployed. Run \`npm run build:web\` before \`cdk deploy\`.`,
    );
    return;
  }
  // The deployment's provider function logs here (one group for both deployments, same retention as ours).
  const logGroup = new LogGroup(stack, 'SpaDeploymentLogs', {
    retention: options.logRetention,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const assetsDir = join(distDir, 'assets');
  let assets: BucketDeployment | undefined;
  if (existsSync(assetsDir)) {
    assets = new BucketDeployment(stack, 'DeploySpaAssets', {
      sources: [Source.asset(assetsDir)],
      destinationBucket,
      destinationKeyPrefix: 'assets/',
      // Old chunks stay for browsers still holding an older index.html.
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
      logGroup,
    });
  }
  const pages = new BucketDeployment(stack, 'DeploySpa', {
    sources: [Source.asset(distDir, { exclude: ['assets', 'assets/**'] })],
    destinationBucket,
    exclude: ['assets/*'],
    prune: true,
    cacheControl: [CacheControl.fromString('public, max-age=0, must-revalidate')],
    distribution,
    distributionPaths: ['/*'],
    memoryLimit: 512,
    logGroup,
  });
  if (assets) pages.node.addDependency(assets);
  acknowledgeDeploymentProvider(stack);
}

/** The deployment's provider function is a CDK singleton at the stack root, written by aws-cdk-lib. */
function acknowledgeDeploymentProvider(stack: Stack): void {
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
    acknowledge(child, [
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK BucketDeployment provider function: aws-cdk-lib gives its role the AWS managed AWSLambdaBasicExecutionRole.',
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'CDK BucketDeployment provider function: its runtime is chosen by aws-cdk-lib, not by us.',
      },
    ]);
    // Its policy reads the CDK asset bucket, syncs objects into the site bucket and invalidates the
    // distribution; acknowledge exactly the wildcard findings cdk-nag reports for it.
    for (const policy of child.node.findAll().filter((c): c is CfnPolicy => c instanceof CfnPolicy)) {
      const findings = cdkNag.rules.iam.IAMNoWildcardPermissions(policy);
      if (!Array.isArray(findings)) continue;
      acknowledge(
        child,
        findings.map((finding) => ({
          id: `AwsSolutions-IAM5[${finding}]`,
          reason:
            'CDK BucketDeployment provider function: object wildcards on the CDK asset bucket and the site bucket, S3 action families for the sync, and CloudFront CreateInvalidation (which takes no resource ARN).',
        })),
      );
    }
  }
}
