import { Annotations, Duration, RemovalPolicy, SecretValue, Token, type Stack } from 'aws-cdk-lib';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { ORIGIN_VERIFY_HEADER } from '@functions/lib/origin-verify';
import { API_PATH_PREFIXES, FIRST_VIEWS, LANGUAGE_COOKIE, PAGE_PATH_PREFIXES, type FirstViewName } from '@shared/routes';
import { contentSecurityPolicy } from '../security-headers';
import { acknowledge } from './acknowledge';
import { addGeneratedSecret } from './data';
import { addViewerAddressFunction } from './viewer-address';

/**
 * CloudFront Function (viewer request, default behaviour only): `/` gets the copy of index.html
 * with their first view (FIRST_VIEWS), in English when the `lang` cookie says so (the names as `firstViewFile`
 * makes them: test/infra/stack.test.ts); any other path whose last segment has no file extension is a client-side
 * route of the SPA (/admin/...) and gets index.html; the QR pages
 * (/bill/..., /lot/..., /svs/appointment/..., /svsregistration/basic) and the registration form (/registration, drawn
 * by the registrations function, docs/decisions/0042) have behaviours of their own (pagePathPatterns). The API behaviours do not run it (they run the viewer-address function), so API 403/404 answers pass through untouched.
 */
export const SPA_REWRITE_FUNCTION_CODE = `var FIRST_VIEWS = ${JSON.stringify(
  Object.fromEntries((Object.keys(FIRST_VIEWS) as FirstViewName[]).map((name) => [FIRST_VIEWS[name], name])),
)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var name = FIRST_VIEWS[uri];
  if (name) {
    var lang = request.cookies && request.cookies['${LANGUAGE_COOKIE}'];
    request.uri = '/first-view/' + name + (lang && lang.value === 'en' ? '.en' : '') + '.html';
  } else if (uri.indexOf('.', uri.lastIndexOf('/')) === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;

/** CloudFront path patterns of the API, one per prefix in the route table module ('/api/' -> '/api/*'). */
export function apiPathPatterns(): string[] {
  return API_PATH_PREFIXES.map((p) => `${p}*`);
}

/** CloudFront path patterns of the pages a function answers as HTML ('/bill/' -> '/bill/*'). */
export function pagePathPatterns(): string[] {
  return PAGE_PATH_PREFIXES.map((p) => `${p}*`);
}

/**
 * Query values a page's answer depends on: the bill's token, the language, and on a draw's result the registration
 * number looked up and the page of its lists. Anything else is no part of the key.
 */
export const PAGE_CACHE_QUERY = ['t', 'lang', 'number', 'page'] as const;

export interface SiteOptions {
  api: HttpApi;
  /**
   * The regional domain name of the API's custom domain (same name as the site) when the execute-api endpoint is
   * disabled (constructs/api.ts): CloudFront connects there and forwards the viewer's Host, which is the custom
   * domain's name. Without it CloudFront calls the execute-api endpoint.
   */
  apiOriginDomain?: string;
  logsBucket: Bucket;
  /** Named before the bucket exists: the CSP allows its domain (see uploadsBucketNameFor). */
  uploadsBucketName: string;
  domainName?: string;
  certificateArn?: string;
  publicBaseUrl?: string;
  webAclArn?: string;
  /**
   * Version id of the origin-verification secret CloudFront sends. A new id changes the template's reference, so
   * CloudFormation reads the secret again: the last step of a rotation (docs/deployment.md). Default: the value
   * current when the reference was first deployed.
   */
  originVerifySecretVersion?: string;
}

export interface Site {
  siteBucket: Bucket;
  distribution: cloudfront.Distribution;
  /** The origin written into QR codes. */
  publicBaseUrl: string;
  /** Every origin the site is served from (the uploads bucket's CORS allows these). */
  siteOrigins: string[];
  /** The secret whose value CloudFront sends to the API; the functions read its current and previous values. */
  originVerifySecret: Secret;
}

/**
 * The site bucket and the CloudFront distribution in front of it and of the API (same origin), with the
 * security headers, the SPA rewrite and the origin-verification header the functions require.
 */
export function addSite(stack: Stack, options: SiteOptions): Site {
  const { api, logsBucket } = options;
  const siteBucket = new Bucket(stack, 'SiteBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    serverAccessLogsBucket: logsBucket,
    serverAccessLogsPrefix: 's3/site/',
    removalPolicy: RemovalPolicy.RETAIN,
  });

  const spaRewrite = new cloudfront.Function(stack, 'SpaRewriteFunction', {
    comment: 'SPA fallback: extension-less paths load /index.html',
    code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION_CODE),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
  });

  // The uploads bucket has a name of our own so that the CSP can name its domain without referring to the
  // bucket resource: that reference would close a cycle (the bucket's CORS names the distribution).
  const uploadsOrigin = `https://${options.uploadsBucketName}.s3.${stack.region}.${stack.urlSuffix}`;
  const securityHeaders = new cloudfront.ResponseHeadersPolicy(stack, 'SecurityHeaders', {
    comment: 'Seed portal security headers',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(uploadsOrigin), override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
    },
  });

  // Nothing is cached unless the API says so with Cache-Control (default TTL 0); the Authorization
  // header is part of the key, so a cached answer is never served to a different caller.
  const apiCachePolicy = new cloudfront.CachePolicy(stack, 'ApiCachePolicy', {
    comment: 'API: honour origin Cache-Control, default no caching, key includes Authorization',
    defaultTtl: Duration.seconds(0),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.hours(1),
    headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });

  // CloudFront proves itself to the API with a secret header; the functions refuse requests without it
  // (functions/lib/origin-verify.ts), so calling the execute-api endpoint directly does not bypass the WAF.
  const originVerify = addGeneratedSecret(stack, 'OriginVerifySecret', {
    description: 'Seed portal: value of the header CloudFront adds to API requests (origin verification)',
    length: 48,
    removalPolicy: RemovalPolicy.DESTROY,
    whyNoRotation:
      'CloudFront takes the value from a template reference, so a rotation needs a deploy naming the new version; the functions accept the current and the previous value meanwhile. Rotated by hand with the runbook in docs/deployment.md.',
  });
  const originVerifyValue = SecretValue.secretsManager(
    originVerify.secretArn,
    options.originVerifySecretVersion ? { versionId: options.originVerifySecretVersion } : {},
  ).unsafeUnwrap();
  const apiDomain = options.apiOriginDomain ?? `${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  const apiOrigin = new HttpOrigin(apiDomain, {
    protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerifyValue },
  });
  const apiBehavior: cloudfront.BehaviorOptions = {
    origin: apiOrigin,
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
    cachePolicy: apiCachePolicy,
    // API Gateway picks the API by the Host (and TLS name): the execute-api name, or the custom domain's name,
    // which is the site's own and so comes from the viewer.
    originRequestPolicy: options.apiOriginDomain
      ? cloudfront.OriginRequestPolicy.ALL_VIEWER
      : cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    responseHeadersPolicy: securityHeaders,
    functionAssociations: [{ function: addViewerAddressFunction(stack), eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    compress: true,
  };

  // The QR pages (docs/decisions/0030-qr-pages-as-html.md): kept as long as the page says (a public bill or lot a
  // minute, a page with personal data not at all), keyed by the address alone: the page reads no header or cookie.
  const pageCachePolicy = new cloudfront.CachePolicy(stack, 'PageCachePolicy', {
    comment: 'QR pages: honour the page Cache-Control, default no caching, key: path, token and language',
    defaultTtl: Duration.seconds(0),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.minutes(5),
    headerBehavior: cloudfront.CacheHeaderBehavior.none(),
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList(...PAGE_CACHE_QUERY),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  // The same headers, except the CSP and the referrer policy, which the page sends itself: its CSP allows its
  // inline script by hash, and its address (the bill's token, the letter's code) is never sent as a referrer.
  const pageSecurityHeaders = new cloudfront.ResponseHeadersPolicy(stack, 'PageSecurityHeaders', {
    comment: 'Seed portal QR pages: security headers, CSP from the page',
    securityHeadersBehavior: {
      strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: true },
    },
  });
  const pageBehavior: cloudfront.BehaviorOptions = {
    ...apiBehavior,
    allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
    cachePolicy: pageCachePolicy,
    responseHeadersPolicy: pageSecurityHeaders,
  };

  const { domainName, certificateArn, webAclArn } = options;
  const customDomain = domainName && certificateArn ? domainName : undefined;
  if (domainName && !certificateArn) {
    Annotations.of(stack).addWarningV2(
      'seed:domain-without-certificate',
      `domainName ${domainName} is ignored: pass certificateArn (an ACM certificate in us-east-1) as well.`,
    );
  }
  if (certificateArn && !Token.isUnresolved(certificateArn) && !certificateArn.includes(':us-east-1:')) {
    throw new Error('certificateArn must be an ACM certificate in us-east-1 (CloudFront only uses certificates from there).');
  }

  const distribution = new cloudfront.Distribution(stack, 'Distribution', {
    comment: 'Seed portal: SPA and same-origin API',
    defaultRootObject: 'index.html',
    defaultBehavior: {
      origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      compress: true,
    },
    // CloudFront takes the first pattern that matches: the pages first, so that a page under an API prefix
    // (/svsregistration/basic) keeps the pages' headers, its own CSP among them.
    additionalBehaviors: Object.fromEntries([
      ...pagePathPatterns().map((p) => [p, pageBehavior] as const),
      ...apiPathPatterns().map((p) => [p, apiBehavior] as const),
    ]),
    httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
    ...(webAclArn ? { webAclId: webAclArn } : {}),
    // Price class 200 includes the edge locations in India.
    priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
    enableLogging: true,
    logBucket: logsBucket,
    logFilePrefix: 'cloudfront/',
    ...(customDomain
      ? {
          domainNames: [customDomain],
          certificate: Certificate.fromCertificateArn(stack, 'SiteCertificate', certificateArn!),
          minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2025,
        }
      : {}),
  });
  const distributionOrigin = `https://${distribution.distributionDomainName}`;
  const publicBaseUrl = options.publicBaseUrl ?? (customDomain ? `https://${customDomain}` : distributionOrigin);

  if (!webAclArn) {
    Annotations.of(stack).addWarningV2(
      'seed:no-waf',
      'No webAclArn: the distribution has no WAF. infra/app.ts passes the web ACL of the us-east-1 edge stack.',
    );
  }
  acknowledge(distribution, [
    {
      id: 'AwsSolutions-CFR1',
      reason:
        'Farmers register from anywhere in India and bills are verified by whoever holds one; abuse is handled by the WAF (IP reputation, managed rules, rate limits), not by country.',
    },
    ...(webAclArn
      ? []
      : [
          {
            id: 'AwsSolutions-CFR2',
            reason: 'Only stacks built without the edge stack (unit tests) lack the web ACL; the seed:no-waf warning says so.',
          },
        ]),
    ...(customDomain
      ? []
      : [
          {
            id: 'AwsSolutions-CFR4',
            reason:
              'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose TLS policy cannot be chosen; TLSv1.2_2025 applies as soon as domainName and certificateArn are given.',
          },
        ]),
  ]);

  return {
    siteBucket,
    distribution,
    publicBaseUrl,
    siteOrigins: [...new Set([publicBaseUrl, distributionOrigin])],
    originVerifySecret: originVerify,
  };
}
