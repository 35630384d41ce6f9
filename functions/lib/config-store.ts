import { GetCommand } from './dynamo-commands';
import { CONFIG_KEYS, readConfig, type ConfigValue, type KnownConfigKey } from '@shared/config-keys';
import { transactWithEntry, writeWithEntry, type TransactItem } from './audited-write';
import { docClient, tableName } from './aws';
import { batchGet } from './batch-get';
import { log } from './log';
import { queryAll } from './query';
import { isConditionalFailure, withRetry } from './retry';

/**
 * Configuration keys: CONFIG / <key>, value as text. Read often on public paths, so values are cached
 * in memory for a short time per Lambda instance.
 */
export interface ConfigItem {
  key: string;
  value: string;
  updatedOn?: string;
}

const CACHE_MS = 10_000;
const cache = new Map<string, { at: number; value: string | undefined }>();
const itemKey = (key: string) => ({ pk: 'CONFIG', sk: key });

export async function getConfigItem(key: string): Promise<ConfigItem | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: itemKey(key) }));
  return out.Item ? { key: String(out.Item.sk), value: String(out.Item.value ?? ''), updatedOn: out.Item.updatedOn } : undefined;
}

export async function listConfigItems(): Promise<ConfigItem[]> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'CONFIG' } });
  return items.map((i) => ({ key: String(i.sk), value: String(i.value ?? ''), updatedOn: i.updatedOn as string | undefined }));
}

/** Stores the keys' values together, with the change's audit entry, in one transaction. */
export async function putConfigItems(
  values: readonly (readonly [string, string])[],
  updatedBy: number,
  entry: TransactItem,
): Promise<void> {
  const updatedOn = new Date().toISOString();
  await transactWithEntry(
    values.map(([key, value]) => ({ Put: { TableName: tableName(), Item: { ...itemKey(key), value, updatedOn, updatedBy } } })),
    entry,
  );
  for (const [key] of values) cache.delete(key);
}

export async function putConfigItem(key: string, value: string, updatedBy: number, entry: TransactItem): Promise<ConfigItem> {
  await putConfigItems([[key, value]], updatedBy, entry);
  return { key, value, updatedOn: new Date().toISOString() };
}

/** Returns false when there was no such key. */
export async function deleteConfigItem(key: string, entry: TransactItem): Promise<boolean> {
  try {
    await writeWithEntry(
      { Delete: { TableName: tableName(), Key: itemKey(key), ConditionExpression: 'attribute_exists(pk)' } },
      entry,
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  } finally {
    cache.delete(key);
  }
}

/** Typed value of a known key; a missing key or a failed lookup gives the default. */
export async function getSetting<K extends KnownConfigKey>(key: K): Promise<ConfigValue<K>> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return readConfig(key, hit.value);
  try {
    const item = await getConfigItem(key);
    cache.set(key, { at: Date.now(), value: item?.value });
    return readConfig(key, item?.value);
  } catch (e) {
    log.warn('config lookup failed, using default', { key, error: (e as Error).message });
    return CONFIG_KEYS[key].default as ConfigValue<K>;
  }
}

/**
 * Typed value of a known key as stored (a missing key gives the default); a lookup that keeps failing throws,
 * for the settings whose default would do harm in place of the stored value.
 */
export async function getSettingStrict<K extends KnownConfigKey>(key: K): Promise<ConfigValue<K>> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return readConfig(key, hit.value);
  const item = await withRetry(() => getConfigItem(key));
  cache.set(key, { at: Date.now(), value: item?.value });
  return readConfig(key, item?.value);
}

/**
 * Several known keys in one read. A read that fails throws: these are shown to be edited, and defaults shown
 * in place of the stored values would be saved back over them.
 */
export async function getSettings<K extends KnownConfigKey>(keys: readonly K[]): Promise<{ [P in K]: ConfigValue<P> }> {
  const result = {} as { [P in K]: ConfigValue<P> };
  const items = await batchGet(keys.map(itemKey));
  const raw = new Map(items.map((i) => [String(i.sk), String(i.value ?? '')]));
  for (const k of keys) {
    cache.set(k, { at: Date.now(), value: raw.get(k) });
    (result as Record<string, unknown>)[k] = readConfig(k, raw.get(k));
  }
  return result;
}

export function clearConfigCache(): void {
  cache.clear();
}
