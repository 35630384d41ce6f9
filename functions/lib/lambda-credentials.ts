import { fromEnv } from '@aws-sdk/credential-provider-env';
import { fromHttp } from '@aws-sdk/credential-provider-http';
import { doesIdentityRequireRefresh, isIdentityExpired, memoizeIdentityProvider } from '@smithy/core';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider, Logger } from '@smithy/types';

/**
 * The AWS credentials of a function running in AWS Lambda, in place of the SDK's default provider chain.
 *
 * Used only in the Lambda bundles: `AREA_BUNDLING` (infra/bundling.ts) aliases `@aws-sdk/credential-provider-node`
 * to this file. Tests and the local stand-in run the handlers through tsx and keep the SDK's own chain.
 *
 * Why: every SDK client's Node.js runtime config imports `defaultProvider` from that package, whether or not
 * the client is given credentials. The real chain tries the environment, SSO, the shared ini files (with STS
 * assume-role and sign-in), credential processes, web identity tokens and the container or instance metadata
 * endpoints, and brings the STS, SSO and sign-in clients with it: about 100 KB of every bundle. In Lambda the
 * runtime sets the execution role's credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_SESSION_TOKEN), so only the first link is ever used there.
 *
 * What this provides:
 * 1. the environment (the SDK's own `fromEnv`), which is how Lambda hands over the role's credentials;
 * 2. otherwise the container credentials endpoint (the SDK's own `fromHttp`, AWS_CONTAINER_CREDENTIALS_FULL_URI
 *    or _RELATIVE_URI), the other way Lambda delivers them (SnapStart);
 * 3. otherwise an error that says the bundle expects to run in Lambda.
 * Credentials are memoized the way the SDK memoizes credentials given to a client (refreshed when they carry
 * an expiration less than five minutes away); the SDK expects a default provider to do that itself.
 *
 * The SDK imports exactly `defaultProvider` from the aliased package; a missing export fails the build, and
 * test/infra/bundle.test.ts checks the name, the bundle's contents and a signed request.
 */

/** What the SDK passes to the default provider (the client's configuration); only the logger is used. */
export interface DefaultProviderInit {
  logger?: Logger;
}

export function defaultProvider(init: DefaultProviderInit = {}): AwsCredentialIdentityProvider {
  const fromEnvironment = fromEnv(init);
  let fromContainer: AwsCredentialIdentityProvider | undefined;
  const resolve = async (): Promise<AwsCredentialIdentity> => {
    if (process.env.AWS_ACCESS_KEY_ID && process.env.AWS_SECRET_ACCESS_KEY) return fromEnvironment();
    if (process.env.AWS_CONTAINER_CREDENTIALS_FULL_URI || process.env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI) {
      fromContainer ??= fromHttp(init);
      return fromContainer();
    }
    throw new Error(
      'No AWS credentials: neither AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY nor a container credentials endpoint is set. ' +
        'This bundle is built for AWS Lambda (functions/lib/lambda-credentials.ts).',
    );
  };
  return memoizeIdentityProvider(resolve, isIdentityExpired, doesIdentityRequireRefresh)!;
}
