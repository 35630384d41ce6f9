import * as z from 'zod';

/**
 * Server configuration, parsed once per process with a schema (fails fast listing what is wrong).
 * Read lazily so tests can set the environment before the first request.
 */
const EnvSchema = z.object({
  TABLE_NAME: z.string().min(1),
  UPLOADS_BUCKET: z.string().min(1).default('seed-uploads'),
  /** The audit log's archive (functions/audit-archive), in the cloud only. */
  AUDIT_ARCHIVE_BUCKET: z.string().min(1).default('seed-audit-archive'),
  /** Local stand-ins set these; in AWS they are absent and the SDK's defaults apply. */
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  AWS_REGION: z.string().default('ap-south-1'),
  /** Secrets: given directly (local) or as Secrets Manager ARNs (cloud). */
  JWT_SECRET: z.string().min(32).optional(),
  JWT_SECRET_ARN: z.string().optional(),
  AADHAAR_KEY: z.string().optional(),
  AADHAAR_KEY_ARN: z.string().optional(),
  /** The farmers' one-time codes: their keyed hash, the mobile's lookup key, the code sealed until sent (decision 0043). */
  FARMER_CODE_KEY: z.string().optional(),
  FARMER_CODE_KEY_ARN: z.string().optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 7)
    .default(10),
  /** Public site origin, used in QR codes (e.g. https://seeds.example.org). */
  PUBLIC_BASE_URL: z.string().url().default('http://localhost:3000'),
  CORS_ORIGIN: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type ServerEnv = z.infer<typeof EnvSchema>;

let cached: ServerEnv | undefined;

export function env(): ServerEnv {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Server configuration is invalid: ${problems}`);
  }
  if (!parsed.data.JWT_SECRET && !parsed.data.JWT_SECRET_ARN) {
    throw new Error('Server configuration is invalid: JWT_SECRET or JWT_SECRET_ARN must be set');
  }
  cached = parsed.data;
  return cached;
}

/** Tests point a fresh module graph at a new table; this drops the parsed copy. */
export function resetEnvCache(): void {
  cached = undefined;
}
