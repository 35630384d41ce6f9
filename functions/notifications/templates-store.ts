import { PutCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { batchGet } from '../lib/batch-get';
import { withRetry } from '../lib/retry';
import { DEFAULT_TEMPLATES, SMS_KINDS, type SmsKind, type SmsTemplate } from '@shared/sms-templates';

/**
 * The templates as data: `SMSTEMPLATE#<kind>` / `SMSTEMPLATE` holds a kind's texts and DLT IDs once a super admin
 * has set them; until then the registered defaults (shared/sms-templates.ts) apply. The sender reads them through
 * a short cache: a change reaches the messages within a minute.
 */
export interface StoredTemplate extends SmsTemplate {
  updatedOn: string | null;
  updatedBy: string | null;
}

const templateKey = (kind: SmsKind) => ({ pk: `SMSTEMPLATE#${kind}`, sk: 'SMSTEMPLATE' });
const CACHE_MS = 60_000;
let cache: { at: number; value: Map<SmsKind, StoredTemplate> } | undefined;

export async function readTemplates(): Promise<Map<SmsKind, StoredTemplate>> {
  const stored = await batchGet(SMS_KINDS.map(templateKey), { consistentRead: true });
  const byKind = new Map(stored.map((i) => [String(i.kind) as SmsKind, i]));
  return new Map(
    SMS_KINDS.map((kind) => {
      const s = byKind.get(kind);
      const t: StoredTemplate = s
        ? {
            kind,
            hi: s.hi as SmsTemplate['hi'],
            en: s.en as SmsTemplate['en'],
            updatedOn: String(s.updatedOn),
            updatedBy: String(s.updatedBy),
          }
        : { ...DEFAULT_TEMPLATES[kind], updatedOn: null, updatedBy: null };
      return [kind, t];
    }),
  );
}

/** The templates for sending (cached for a minute). */
export async function templatesForSending(): Promise<Map<SmsKind, StoredTemplate>> {
  if (cache && Date.now() - cache.at < CACHE_MS) return cache.value;
  const value = await readTemplates();
  cache = { at: Date.now(), value };
  return value;
}

export function clearTemplateCache(): void {
  cache = undefined;
}

export async function saveTemplate(t: SmsTemplate, by: string): Promise<StoredTemplate> {
  const updatedOn = new Date().toISOString();
  await withRetry(() =>
    docClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...templateKey(t.kind), type: 'sms-template', kind: t.kind, hi: t.hi, en: t.en, updatedOn, updatedBy: by },
      }),
    ),
  );
  clearTemplateCache();
  return { ...t, updatedOn, updatedBy: by };
}
