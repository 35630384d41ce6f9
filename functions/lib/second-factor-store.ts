import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from './dynamo-commands';
import { docClient, tableName } from './aws';
import { isConditionalFailure } from './retry';
import { aadhaarKey } from './secrets';
import { userKey } from './user-entity';

/**
 * The staff second factor's items (docs/decisions/0044-staff-second-factor.md, docs/data-model.md):
 *
 * USER#<id> / SECONDFACTOR     state (pending | active), secretEnc (AES-256-GCM), recovery (string set of keyed
 *                              hashes of the unused recovery codes), lastStep (the TOTP time step last accepted)
 * SFCHAL#<hash> / SFCHAL       a sign-in's second step: userID, tries, expiresAt (TTL); keyed by a hash of the
 *                              challenge, so the table never holds a usable one
 *
 * The secret is sealed under a key derived (HKDF, its own label) from the same secret as the Aadhaar keys: no new
 * secret to deploy, and a table read alone gives no codes.
 */
export type SecondFactorState = 'pending' | 'active';

export interface SecondFactorItem {
  userID: number;
  state: SecondFactorState;
  secretEnc: string;
  recovery: string[];
  lastStep: number;
  createdOn: string;
  confirmedOn?: string;
}

export const secondFactorKey = (userID: number) => ({ pk: userKey(userID).pk, sk: 'SECONDFACTOR' });
const challengeKey = (hash: string) => ({ pk: `SFCHAL#${hash}`, sk: 'SFCHAL' });

let keys: Promise<{ enc: Buffer; mac: Buffer }> | undefined;
function derivedKeys() {
  keys ??= aadhaarKey().then((secret) => {
    const ikm = Buffer.from(secret, 'utf8');
    const salt = Buffer.from('seed-portal/second-factor');
    return {
      enc: Buffer.from(hkdfSync('sha256', ikm, salt, 'totp-secret-encryption-v1', 32)),
      mac: Buffer.from(hkdfSync('sha256', ikm, salt, 'second-factor-hash-v1', 32)),
    };
  });
  keys.catch(() => (keys = undefined));
  return keys;
}

/** Tests switch keys between files. */
export function forgetSecondFactorKeys(): void {
  keys = undefined;
}

async function seal(text: string): Promise<string> {
  const { enc } = await derivedKeys();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', enc, iv);
  const ct = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), ct.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

export async function openSecret(sealed: string): Promise<string> {
  const [v, iv, ct, tag] = sealed.split('.');
  if (v !== 'v1' || !iv || !ct || !tag) throw new Error('Unknown second factor ciphertext format');
  const { enc } = await derivedKeys();
  const decipher = createDecipheriv('aes-256-gcm', enc, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** A keyed hash (recovery codes, challenges): what is stored can be checked against, never turned back. */
export async function keyedHash(text: string): Promise<string> {
  const { mac } = await derivedKeys();
  return createHmac('sha256', mac).update(text).digest('base64url');
}

export async function getSecondFactor(userID: number): Promise<SecondFactorItem | undefined> {
  const out = await docClient().send(
    new GetCommand({ TableName: tableName(), Key: secondFactorKey(userID), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  const i = out.Item;
  return {
    userID,
    state: i.state === 'active' ? 'active' : 'pending',
    secretEnc: String(i.secretEnc),
    recovery: i.recovery instanceof Set ? [...(i.recovery as Set<string>)] : [],
    lastStep: Number(i.lastStep ?? 0),
    createdOn: String(i.createdOn ?? ''),
    ...(i.confirmedOn ? { confirmedOn: String(i.confirmedOn) } : {}),
  };
}

/**
 * A new pending enrolment (replacing a pending one, never an active one: that only a super_admin's reset
 * removes); false when the account already has an active second factor.
 */
export async function putPendingSecondFactor(userID: number, secret: string, recoveryHashes: string[]): Promise<boolean> {
  try {
    await docClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...secondFactorKey(userID),
          type: 'second-factor',
          userID,
          state: 'pending',
          secretEnc: await seal(secret),
          recovery: new Set(recoveryHashes),
          lastStep: 0,
          createdOn: new Date().toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR #state = :pending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}

/**
 * Takes a TOTP time step for the account: succeeds only when it is later than every step taken before, so a
 * code is accepted once, even when the same code is sent twice at once. `activate` also turns a pending
 * enrolment active (its confirmation), with the change's audit entry in the same transaction.
 */
export function takeStepUpdate(userID: number, step: number, state: SecondFactorState) {
  return {
    TableName: tableName(),
    Key: secondFactorKey(userID),
    UpdateExpression: state === 'pending' ? 'SET lastStep = :step, #state = :active, confirmedOn = :now' : 'SET lastStep = :step',
    ConditionExpression: 'attribute_exists(pk) AND #state = :state AND lastStep < :step',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: {
      ':step': step,
      ':state': state,
      ...(state === 'pending' ? { ':active': 'active', ':now': new Date().toISOString() } : {}),
    },
  };
}

export async function takeStep(userID: number, step: number): Promise<boolean> {
  try {
    await docClient().send(new UpdateCommand(takeStepUpdate(userID, step, 'active')));
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}

/** Uses up one recovery code (by its hash): true for exactly one caller however many send it at once. */
export async function takeRecoveryCode(userID: number, hash: string): Promise<boolean> {
  try {
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: secondFactorKey(userID),
        UpdateExpression: 'DELETE recovery :set',
        ConditionExpression: '#state = :active AND contains(recovery, :hash)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':set': new Set([hash]), ':hash': hash, ':active': 'active' },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}

export const deleteSecondFactorItem = (userID: number) => ({
  Delete: { TableName: tableName(), Key: secondFactorKey(userID), ConditionExpression: 'attribute_exists(pk)' },
});

export async function putChallenge(hash: string, userID: number, expiresAtMs: number): Promise<void> {
  await docClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...challengeKey(hash),
        type: 'second-factor-challenge',
        userID,
        tries: 0,
        expiresAtMs,
        expiresAt: Math.ceil(expiresAtMs / 1000),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Counts one try on the challenge before its code is checked (a conditional ADD, so that a burst gets at most
 * `maxTries` checks however it is timed); the account it was given to, or undefined when the challenge is
 * unknown, used, expired or out of tries.
 */
export async function countChallengeTry(hash: string, maxTries: number, nowMs: number): Promise<number | undefined> {
  try {
    const out = await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: challengeKey(hash),
        UpdateExpression: 'ADD tries :one',
        ConditionExpression: 'attribute_exists(pk) AND tries < :max AND expiresAtMs > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': maxTries, ':now': nowMs },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Number(out.Attributes?.userID);
  } catch (e) {
    if (isConditionalFailure(e)) return undefined;
    throw e;
  }
}

/** Ends the challenge once its code was right: true for exactly one caller. */
export async function consumeChallenge(hash: string): Promise<boolean> {
  try {
    await docClient().send(
      new DeleteCommand({ TableName: tableName(), Key: challengeKey(hash), ConditionExpression: 'attribute_exists(pk)' }),
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}
