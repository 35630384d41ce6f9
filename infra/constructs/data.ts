import { Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { TABLE_DEFINITION } from '@functions/lib/table-definition';
import { EXPORT_FILES_RULE, PENDING_UPLOADS_RULE } from '@functions/lib/upload-rules';
import { acknowledge } from './acknowledge';

/**
 * What the product stores and keeps if the stack goes: the table, the buckets and the generated secrets.
 * Each is added to the stack itself (no construct of its own) so that its logical ID stays what is deployed.
 */

/** Days each kind of log is kept in the logs bucket, by the prefix its writer uses. */
export const LOG_RETENTION_BY_PREFIX = [
  { prefix: 'cloudfront/', days: 180 },
  { prefix: 's3/site/', days: 180 },
  { prefix: 'audit-archive/', days: 180 },
  { prefix: 'stream-failures/', days: 180 },
  { prefix: 's3/uploads/', days: 365 },
] as const;

/** S3 server access logs and CloudFront standard logs (CloudFront still writes with ACLs). */
export function addLogsBucket(stack: Stack): Bucket {
  const bucket = new Bucket(stack, 'LogsBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
    // CERT-In (2022) asks for 180 days of logs kept in India; the access log of the uploads bucket records every
    // opening of an Aadhaar scan and is kept a year. S3 applies the shortest of overlapping rules, so each rule
    // names its own prefix.
    lifecycleRules: LOG_RETENTION_BY_PREFIX.map(({ prefix, days }) => ({
      id: `ExpireLogs-${prefix.replace(/\W+/g, '-').replace(/-$/, '')}`,
      prefix,
      expiration: Duration.days(days),
    })),
    removalPolicy: RemovalPolicy.RETAIN,
  });
  acknowledge(bucket, [
    {
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop and another log bucket adds nothing.',
    },
  ]);
  return bucket;
}

/**
 * Throughput the table and each index can take at once from creation (warm throughput), instead of the
 * 4,000 writes/s a new on-demand table starts with. Sized for the season's peak: docs/data-model.md, "Surge
 * ceiling", has the arithmetic (write units per registration from bench/cost.ts).
 */
export const WARM_THROUGHPUT = {
  table: { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 12_000 },
  index: { readUnitsPerSecond: 12_000, writeUnitsPerSecond: 4_000 },
} as const;

/** The one DynamoDB table, from the shared definition. */
export function addTable(stack: Stack): Table {
  const t = TABLE_DEFINITION;
  const table = new Table(stack, 'Table', {
    partitionKey: { name: t.partitionKey, type: AttributeType.STRING },
    sortKey: { name: t.sortKey, type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    encryption: TableEncryption.AWS_MANAGED,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: true,
    timeToLiveAttribute: t.ttlAttribute,
    // New images feed the audit log's archive (constructs/audit-archive.ts).
    stream: StreamViewType.NEW_IMAGE,
    warmThroughput: WARM_THROUGHPUT.table,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  for (const g of t.globalSecondaryIndexes) {
    table.addGlobalSecondaryIndex({
      indexName: g.indexName,
      partitionKey: { name: g.partitionKey, type: AttributeType.STRING },
      sortKey: { name: g.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
      warmThroughput: WARM_THROUGHPUT.index,
    });
  }
  return table;
}

export interface AppSecrets {
  /** HMAC key that signs staff session tokens; every area function reads it. */
  jwtSecret: Secret;
  /** Aadhaar encryption and lookup-hash key material; only the areas in AREA_GRANTS with aadhaarKey read it. */
  aadhaarKey: Secret;
  /** The farmers' one-time codes: hash, mobile lookup and seal keys (decision 0043); registrations and the SMS sender. */
  farmerCodeKey: Secret;
}

/**
 * A secret Secrets Manager generates (letters and digits) and never rotates on its own: `whyNoRotation` is
 * the reason cdk-nag's AwsSolutions-SMG4 (automatic rotation) is acknowledged.
 */
export function addGeneratedSecret(
  stack: Stack,
  id: string,
  options: { description: string; length: number; removalPolicy: RemovalPolicy; whyNoRotation: string },
): Secret {
  const secret = new Secret(stack, id, {
    description: options.description,
    generateSecretString: { passwordLength: options.length, excludePunctuation: true },
    removalPolicy: options.removalPolicy,
  });
  acknowledge(secret, [{ id: 'AwsSolutions-SMG4', reason: options.whyNoRotation }]);
  return secret;
}

/** Generated once, kept if the stack goes (the Aadhaar key decrypts every stored number). */
export function addAppSecrets(stack: Stack): AppSecrets {
  const jwtSecret = addGeneratedSecret(stack, 'JwtSigningKey', {
    description: 'Seed portal: HMAC key that signs staff session tokens (JWT)',
    length: 64,
    removalPolicy: RemovalPolicy.RETAIN,
    whyNoRotation:
      'Rotated by hand with put-secret-value (docs/deployment.md): the functions read the current and previous keys again every five minutes and honour tokens of either, so nobody is signed out; an automatic rotation every few days would retire keys of tokens still in use.',
  });
  const aadhaarKey = addGeneratedSecret(stack, 'AadhaarKey', {
    description: 'Seed portal: key material for Aadhaar number encryption (AES-256-GCM) and lookup hashes (HMAC)',
    length: 88,
    removalPolicy: RemovalPolicy.RETAIN,
    whyNoRotation:
      'Rotating this key needs every stored Aadhaar number re-encrypted and every lookup hash recomputed; an automatic rotation would make stored data unreadable. Rotation is a planned migration.',
  });
  const farmerCodeKey = addGeneratedSecret(stack, 'FarmerCodeKey', {
    description: "Seed portal: key material for farmers' one-time codes (keyed hash, mobile lookup, seal until sent)",
    length: 64,
    removalPolicy: RemovalPolicy.RETAIN,
    whyNoRotation:
      "The mobile lookup keys of the registrations' links are derived from it: rotating it needs every link rewritten (docs/decisions/0043-farmer-one-time-codes.md). Rotation is a planned migration.",
  });
  return { jwtSecret, aadhaarKey, farmerCodeKey };
}

/**
 * Physical name of the uploads bucket: stack, account and region make it unique (S3 names are global).
 * Known before the bucket exists, so the CSP can name the bucket's domain.
 */
export function uploadsBucketNameFor(stack: Stack): string {
  const prefix = `${stack.stackName.toLowerCase()}-uploads`;
  // The account (12 digits) and the region (at most 14 characters) follow; S3 allows 63 characters.
  if (prefix.length + 1 + 12 + 1 + 14 > 63 || !/^[a-z0-9][a-z0-9-]*$/.test(prefix)) {
    throw new Error(
      `Stack name ${stack.stackName} does not fit into the uploads bucket name: use at most 27 letters, digits and hyphens.`,
    );
  }
  return `${prefix}-${stack.account}-${stack.region}`;
}

/** Uploads (Aadhaar scans): private, KMS-encrypted, presigned PUT/GET from the site's origins only. */
export function addUploadsBucket(
  stack: Stack,
  options: { bucketName: string; siteOrigins: string[]; logsBucket: Bucket },
): Bucket {
  const uploadsKey = new Key(stack, 'UploadsKey', {
    description: 'Seed portal: encrypts uploaded Aadhaar scans',
    enableKeyRotation: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  return new Bucket(stack, 'UploadsBucket', {
    bucketName: options.bucketName,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.KMS,
    encryptionKey: uploadsKey,
    bucketKeyEnabled: true,
    enforceSSL: true,
    versioned: true,
    serverAccessLogsBucket: options.logsBucket,
    serverAccessLogsPrefix: 's3/uploads/',
    cors: [
      {
        allowedOrigins: options.siteOrigins,
        allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAge: 3000,
      },
    ],
    lifecycleRules: [
      {
        // Uploads land under pending/ and are moved when a registration is accepted; leftovers go
        // (the same rule runs locally: infra/local/lifecycle.ts).
        id: PENDING_UPLOADS_RULE.id,
        prefix: PENDING_UPLOADS_RULE.prefix,
        expiration: Duration.days(PENDING_UPLOADS_RULE.expireAfterDays),
        noncurrentVersionExpiration: Duration.days(1),
      },
      {
        // Export files are fetched within minutes of being written (functions/exports/file-store.ts).
        id: EXPORT_FILES_RULE.id,
        prefix: EXPORT_FILES_RULE.prefix,
        expiration: Duration.days(EXPORT_FILES_RULE.expireAfterDays),
        noncurrentVersionExpiration: Duration.days(1),
      },
      {
        // A deleted or replaced scan must not live on as an old version: one day is the shortest S3 allows.
        id: 'CleanUpOldVersions',
        noncurrentVersionExpiration: Duration.days(1),
        expiredObjectDeleteMarker: true,
        abortIncompleteMultipartUploadAfter: Duration.days(1),
      },
    ],
    removalPolicy: RemovalPolicy.RETAIN,
  });
}
