import { GetCommand, QueryCommand, UpdateCommand } from '../lib/dynamo-commands';
import { docClient, tableName } from '../lib/aws';
import { padId } from '../lib/counters';
import { mobileKey } from '../lib/farmer-code-keys';
import { isConditionalFailure } from '../lib/retry';
import { codeKey } from './farmer-code-entity';

export { codeKey, isCodePk, takeSealed } from './farmer-code-entity';

/**
 * The farmers' one-time codes in the table (docs/decisions/0043-farmer-one-time-codes.md, docs/data-model.md):
 *
 *   FCODE#<mobile key> / FCODE        the mobile's current code: its keyed hash, valid until, tries, used; the
 *                                     codes sent in the hour (sendCount from windowStart); the sealed code until
 *                                     the sender takes it; expires (TTL) two hours after the hour began
 *   FMOB#<mobile key> / <year>#<id10> a registration made with the mobile (year, id, language): My registrations,
 *                                     and whether a code goes out for find and manage
 *
 * Every limit is a conditional write on the code's item, so requests sent at once cannot outrun it: the try is
 * counted before the code is compared, and a code is used by the one write that finds it unused.
 */
export const CODE_RULES = {
  digits: 6,
  validSeconds: 5 * 60,
  triesPerCode: 3,
  codesPerHour: 3,
  hourSeconds: 60 * 60,
} as const;

export interface CodeItem {
  pk: string;
  sk: 'FCODE';
  codeHash?: string;
  purpose?: string;
  /** Epoch ms. */
  validUntil?: number;
  tries?: number;
  usedAt?: number;
  sendCount?: number;
  windowStart?: number;
  sealed?: string;
  sendId?: string;
  deliver?: boolean;
}

export const mobileLinkKey = (mobileKey: string, year: number, id: number) => ({
  pk: `FMOB#${mobileKey}`,
  sk: `${year}#${padId(id)}`,
});

/** The link of a new registration to its mobile, written in the registration's own transaction (submit.ts). */
export async function mobileLinkItem(r: { mobileNumber: string; year: number; id: number; language?: unknown }) {
  const language = r.language === 'en' ? 'en' : 'hi';
  return {
    ...mobileLinkKey(await mobileKey(r.mobileNumber), r.year, r.id),
    type: 'mobile-link',
    year: r.year,
    id: r.id,
    language,
  };
}

const T = () => tableName();
const db = () => docClient();

export async function getCodeItem(mobileKey: string): Promise<CodeItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: codeKey(mobileKey), ConsistentRead: true }));
  return out.Item as CodeItem | undefined;
}

export interface NewCode {
  codeHash: string;
  purpose: string;
  sealed: string;
  sendId: string;
  deliver: boolean;
}

/**
 * Stores a new code in place of the last one, within the codes allowed in the hour: counted in the hour that
 * began with the first code (a conditional add), or a new hour once that one is over (a conditional reset).
 * Returns the seconds to wait when the hour's codes are used up.
 */
export async function storeCode(
  mobileKey: string,
  c: NewCode,
  now: number,
): Promise<{ stored: true } | { stored: false; reason: 'hour' | 'locked'; waitSeconds: number }> {
  const hourAgo = now - CODE_RULES.hourSeconds * 1000;
  // A code whose tries are used up locks the mobile until it would have expired: no new code meanwhile.
  const notLocked = '(attribute_not_exists(tries) OR tries < :maxTries OR validUntil <= :now OR attribute_exists(usedAt))';
  const common = {
    ':h': c.codeHash,
    ':p': c.purpose,
    ':vu': now + CODE_RULES.validSeconds * 1000,
    ':zero': 0,
    ':s': c.sealed,
    ':sid': c.sendId,
    ':d': c.deliver,
    ':type': 'farmer-code',
    ':maxTries': CODE_RULES.triesPerCode,
    ':now': now,
  };
  const set =
    'codeHash = :h, purpose = :p, validUntil = :vu, tries = :zero, sealed = :s, sendId = :sid, deliver = :d, #type = :type';
  try {
    await db().send(
      new UpdateCommand({
        TableName: T(),
        Key: codeKey(mobileKey),
        UpdateExpression: `SET ${set}, sendCount = sendCount + :one REMOVE usedAt`,
        ConditionExpression: `attribute_exists(windowStart) AND windowStart > :hourAgo AND sendCount < :max AND ${notLocked}`,
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ...common, ':one': 1, ':hourAgo': hourAgo, ':max': CODE_RULES.codesPerHour },
      }),
    );
    return { stored: true };
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: T(),
        Key: codeKey(mobileKey),
        UpdateExpression: `SET ${set}, sendCount = :one, windowStart = :now, expiresAt = :exp REMOVE usedAt`,
        ConditionExpression: `(attribute_not_exists(windowStart) OR windowStart <= :hourAgo) AND ${notLocked}`,
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ...common,
          ':one': 1,
          ':hourAgo': hourAgo,
          ':exp': Math.floor(now / 1000) + 2 * CODE_RULES.hourSeconds,
        },
      }),
    );
    return { stored: true };
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
  }
  const item = await getCodeItem(mobileKey);
  const wait = (until: number) => Math.max(1, Math.ceil((until - now) / 1000));
  if ((item?.tries ?? 0) >= CODE_RULES.triesPerCode && (item?.validUntil ?? 0) > now && item?.usedAt === undefined)
    return { stored: false, reason: 'locked', waitSeconds: wait(item!.validUntil!) };
  return { stored: false, reason: 'hour', waitSeconds: wait((item?.windowStart ?? now) + CODE_RULES.hourSeconds * 1000) };
}

/**
 * Counts one try against the code before it is compared: allowed only while the code is unused, unexpired and
 * under its tries. Returns the item as it stands after the count, or why the try was refused.
 */
export async function countTry(
  mobileKey: string,
  now: number,
): Promise<{ counted: CodeItem } | { refused: 'none' | 'used' | 'expired' | 'locked'; item?: CodeItem }> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: T(),
        Key: codeKey(mobileKey),
        UpdateExpression: 'ADD tries :one',
        ConditionExpression: 'attribute_exists(codeHash) AND attribute_not_exists(usedAt) AND validUntil > :now AND tries < :max',
        ExpressionAttributeValues: { ':one': 1, ':now': now, ':max': CODE_RULES.triesPerCode },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { counted: out.Attributes as CodeItem };
  } catch (e) {
    if (!isConditionalFailure(e)) throw e;
  }
  const item = await getCodeItem(mobileKey);
  if (!item?.codeHash) return { refused: 'none' };
  if (item.usedAt !== undefined) return { refused: 'used', item };
  if ((item.validUntil ?? 0) <= now) return { refused: 'expired', item };
  return { refused: 'locked', item };
}

/** Uses the code: only the one write that finds it unused (and still this code) succeeds. */
export async function useCode(mobileKey: string, hash: string, now: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: T(),
        Key: codeKey(mobileKey),
        UpdateExpression: 'SET usedAt = :now',
        ConditionExpression: 'attribute_not_exists(usedAt) AND codeHash = :h',
        ExpressionAttributeValues: { ':now': now, ':h': hash },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}

export interface MobileLink {
  year: number;
  id: number;
  language?: 'hi' | 'en';
}

/** The registrations made with the mobile, newest first (at most `limit`). */
export async function registrationsOfMobile(mobileKey: string, limit = 100): Promise<MobileLink[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: T(),
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': `FMOB#${mobileKey}` },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => ({ year: Number(i.year), id: Number(i.id), language: i.language === 'en' ? 'en' : 'hi' }));
}

/** Whether the registration was made with the mobile (one GetItem on its link). */
export async function isRegistrationOfMobile(mobileKey: string, year: number, id: number): Promise<boolean> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: mobileLinkKey(mobileKey, year, id), ConsistentRead: true }));
  return out.Item !== undefined;
}
