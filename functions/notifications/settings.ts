import * as z from 'zod';

/**
 * The sender's settings, from the function's environment (the stack sets them; `npm start` and the tests set the
 * stand-in's endpoint). Parsed once with a schema, failing with the list of what is wrong.
 */
const SmsSettingsSchema = z.object({
  /** The stand-in's address (infra/local/sms.ts); absent in the cloud, where the SDK's own endpoint applies. */
  SMS_ENDPOINT: z.string().url().optional(),
  /** The institute's registered sender ID (DLT header, six letters) or its phone pool. */
  SMS_ORIGINATION_IDENTITY: z.string().min(1).default('SEEDIN'),
  /** The institute's DLT principal entity ID. */
  SMS_ENTITY_ID: z
    .string()
    .regex(/^\d{10,30}$/, 'SMS_ENTITY_ID: the DLT entity ID, digits')
    .default('1001000000000000001'),
  /** The configuration set whose event destination reports deliveries. */
  SMS_CONFIGURATION_SET: z.string().min(1).default('seed-portal-sms'),
  /** The account's messages-per-second limit for India (a quota of the account). */
  SMS_MAX_PER_SECOND: z.coerce.number().positive().max(1000).default(20),
  /** Tries of one message before it is marked failed. */
  SMS_MAX_TRIES: z.coerce.number().int().min(1).max(10).default(5),
  /** The first pause after a throttled or transient failure; doubled on each try. */
  SMS_BACKOFF_MS: z.coerce.number().int().min(1).max(60_000).default(200),
  /** Price of one message part in paise (the cost shown beside each template). */
  SMS_PRICE_PER_PART_PAISE: z.coerce.number().min(0).max(10_000).default(25),
  AWS_REGION: z.string().default('ap-south-1'),
});
export type SmsSettings = z.infer<typeof SmsSettingsSchema>;

let cached: SmsSettings | undefined;

export function smsSettings(): SmsSettings {
  if (cached) return cached;
  const parsed = SmsSettingsSchema.safeParse(process.env);
  if (!parsed.success)
    throw new Error(
      `SMS settings are invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  cached = parsed.data;
  return cached;
}

/** Tests change the environment between files. */
export function resetSmsSettings(): void {
  cached = undefined;
}
