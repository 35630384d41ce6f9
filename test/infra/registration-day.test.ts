import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ARN_ENV } from '@functions/lib/origin-verify';
import { VIEWER_ADDRESS_HEADER } from '@functions/lib/client-address';
import { SeedPortalStack, type SeedPortalStackProps } from '@infra/cloud-stack';
import { ORIGIN_AUTHORIZER_CACHE_SECONDS, ORIGIN_AUTHORIZER_RESERVED_CONCURRENCY } from '@infra/constructs/origin-authorizer';
import { ROUTES, routeKey, type RouteDef } from '@shared/routes';

/**
 * The stack as registration day needs it (docs/decisions/0045): nothing reaches a function without passing
 * CloudFront, refusals are seen, the registrations function is warm when the form opens, and a redeploy does not
 * stop on what a destroy left behind.
 */
const CDK_CONTEXT = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context as Record<
  string,
  unknown
>;
type Resource = { Properties: any; DependsOn?: string[] };
const AUTHORIZER_DESCRIPTION = 'Seed portal authorizer: refuses API requests that did not come through CloudFront';

function synth(props: Partial<SeedPortalStackProps> = {}) {
  const app = new App({ context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [] } });
  const stack = new SeedPortalStack(app, 'SeedPortal', {
    env: { account: '123456789012', region: 'ap-south-1' },
    deploySpa: false,
    alarmEmail: 'ops@example.org',
    ...props,
  });
  return Template.fromStack(stack);
}

describe('SeedPortalStack on registration day', { timeout: 120_000 }, () => {
  const template = synth();
  const all = (type: string) => Object.entries(template.findResources(type)) as [string, Resource][];
  const [authorizerFnId, authorizerFn] = all('AWS::Lambda::Function').find(
    ([, f]) => f.Properties.Description === AUTHORIZER_DESCRIPTION,
  )!;

  it('puts the origin authorizer on every route of the route table: none is reachable without it', () => {
    const authorizers = all('AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [[authorizerId, authorizer]] = authorizers;
    const apiRoutes = all('AWS::ApiGatewayV2::Route');
    const keys = (ROUTES as readonly RouteDef[]).map(routeKey);
    expect(apiRoutes.map(([, r]) => r.Properties.RouteKey).sort()).toEqual([...keys].sort());
    for (const [, r] of apiRoutes) {
      expect(r.Properties, r.Properties.RouteKey).toMatchObject({
        AuthorizationType: 'CUSTOM',
        AuthorizerId: { Ref: authorizerId },
      });
    }
    // No catch-all route ($default) or stage-level route without it either.
    expect(apiRoutes.filter(([, r]) => r.Properties.RouteKey === '$default')).toEqual([]);
    // REQUEST authorizer on both headers the edge adds (without them API Gateway refuses with no invocation),
    // answers cached, simple answers, calling the authorizer function.
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`, `$request.header.${VIEWER_ADDRESS_HEADER}`],
      AuthorizerResultTtlInSeconds: ORIGIN_AUTHORIZER_CACHE_SECONDS,
      EnableSimpleResponses: true,
      AuthorizerPayloadFormatVersion: '2.0',
    });
    expect(ORIGIN_AUTHORIZER_CACHE_SECONDS).toBeGreaterThan(0);
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(`"${authorizerFnId}","Arn"`);
    // API Gateway may invoke it (and only for this authorizer).
    const [[, permission]] = all('AWS::Lambda::Permission').filter(([, p]) =>
      JSON.stringify(p.Properties.FunctionName).includes(authorizerFnId),
    );
    expect(permission.Properties.Principal).toBe('apigateway.amazonaws.com');
    expect(JSON.stringify(permission.Properties.SourceArn)).toContain(`/authorizers/`);
  });

  it("gives the authorizer the secret's ARN and a read of it, never its value, and a concurrency of its own", () => {
    const vars = authorizerFn.Properties.Environment.Variables;
    const [[secretId]] = all('AWS::SecretsManager::Secret').filter(([id]) => id.startsWith('OriginVerifySecret'));
    expect(vars[ORIGIN_VERIFY_SECRET_ARN_ENV]).toEqual({ Ref: secretId });
    expect(JSON.stringify(vars)).not.toMatch(/resolve:secretsmanager/);
    expect(authorizerFn.Properties.ReservedConcurrentExecutions).toBe(ORIGIN_AUTHORIZER_RESERVED_CONCURRENCY);
    const roleId = authorizerFn.Properties.Role['Fn::GetAtt'][0];
    const statements = all('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const actions = statements.flatMap((st) => [st.Action].flat());
    expect(actions).toContain('secretsmanager:GetSecretValue');
    expect(actions.filter((a) => /^(dynamodb|s3|kms):/.test(a))).toEqual([]);
  });
});
