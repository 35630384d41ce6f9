import type { Tally } from './meter';

/** What bench/cost.ts counted per call, summed per operation and priced. */

const LAMBDA_GB = 0.5; // 512 MB, ARM

/**
 * On-demand prices, Asia Pacific (Mumbai), in USD, as published in January 2025 (as known to the author of
 * this script; the build machine has no internet: check the pages before quoting). Pages: "Amazon DynamoDB
 * pricing - On-demand", "Amazon S3 pricing", "AWS Lambda pricing", "Amazon API Gateway pricing" (HTTP APIs),
 * "Amazon CloudFront pricing" (India). Free tiers are not applied.
 */
export const PRICES = {
  dynamoWriteUnit: 0.7115 / 1e6,
  dynamoReadUnit: 0.1423 / 1e6,
  s3Put: 0.005 / 1000, // PUT, COPY, POST, LIST
  s3Get: 0.0004 / 1000, // GET, SELECT and other requests
  s3Delete: 0, // DELETE and CANCEL are free
  s3StorageGbMonth: 0.025,
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecondArm: 0.0000133334,
  apiGatewayHttpRequest: 1.0 / 1e6,
  cloudFrontHttpsRequest: 0.012 / 10_000,
  cloudFrontDataGb: 0.109,
} as const;

export interface Call {
  name: string;
  tally: Tally;
  /** Requests the phone or browser sends straight to S3 (presigned). */
  clientS3: Record<string, number>;
  /** API calls (CloudFront + API Gateway + Lambda) and the bytes they answer. */
  api: number;
  bytesOut: number;
}

export interface Sum {
  rru: number;
  wru: number;
  localRru: number;
  localWru: number;
  s3: Record<string, number>;
  invocations: number;
  lambdaMs: number;
  api: number;
  bytesOut: number;
}

export function sum(calls: Call[], per: number): Sum {
  const s: Sum = { rru: 0, wru: 0, localRru: 0, localWru: 0, s3: {}, invocations: 0, lambdaMs: 0, api: 0, bytesOut: 0 };
  for (const c of calls) {
    for (const d of c.tally.dynamo) {
      if (d.kind === 'read') {
        s.rru += d.units;
        s.localRru += d.local ?? 0;
      } else {
        s.wru += d.units;
        s.localWru += d.local ?? 0;
      }
    }
    for (const src of [c.tally.s3, c.clientS3]) for (const [k, v] of Object.entries(src)) s.s3[k] = (s.s3[k] ?? 0) + v;
    s.invocations += c.tally.lambda.length;
    // Lambda bills each invocation's duration rounded up to the millisecond.
    s.lambdaMs += c.tally.lambda.reduce((a, l) => a + Math.ceil(l.ms), 0);
    s.api += c.api;
    s.bytesOut += c.bytesOut;
  }
  const div = (v: number) => v / per;
  return {
    rru: div(s.rru),
    wru: div(s.wru),
    localRru: div(s.localRru),
    localWru: div(s.localWru),
    s3: Object.fromEntries(Object.entries(s.s3).map(([k, v]) => [k, div(v)])),
    invocations: div(s.invocations),
    lambdaMs: div(s.lambdaMs),
    api: div(s.api),
    bytesOut: div(s.bytesOut),
  };
}

const S3_PUT_CLASS = new Set(['PutObject', 'CopyObject', 'ListObjectsV2', 'CreateMultipartUpload', 'UploadPart']);

export function dollars(s: Sum): Record<string, number> {
  const p = PRICES;
  let s3 = 0;
  for (const [k, v] of Object.entries(s.s3))
    s3 += v * (k === 'DeleteObject' ? p.s3Delete : S3_PUT_CLASS.has(k) ? p.s3Put : p.s3Get);
  return {
    'DynamoDB writes': s.wru * p.dynamoWriteUnit,
    'DynamoDB reads': s.rru * p.dynamoReadUnit,
    'S3 requests': s3,
    'Lambda requests': s.invocations * p.lambdaRequest,
    'Lambda duration': (s.lambdaMs / 1000) * LAMBDA_GB * p.lambdaGbSecondArm,
    'API Gateway': s.api * p.apiGatewayHttpRequest,
    'CloudFront requests': s.api * p.cloudFrontHttpsRequest,
    'CloudFront data': (s.bytesOut / 1024 ** 3) * p.cloudFrontDataGb,
  };
}
