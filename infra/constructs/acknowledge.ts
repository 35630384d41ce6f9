import { Validations, type Acknowledgment } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/** Records cdk-nag acknowledgements (cdk-nag 3 reads CDK's Validations metadata); each carries its reason. */
export function acknowledge(scope: Construct, rules: Acknowledgment[]): void {
  Validations.of(scope).acknowledge(...rules);
}
