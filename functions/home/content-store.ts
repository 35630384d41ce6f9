import { GetCommand, TransactWriteCommand } from '../lib/dynamo-commands';
import type { AnnouncementResponse, BlockResponse, Severity } from '@shared/schemas/cms';
import { writeWithEntry, type TransactItem } from '../lib/audited-write';
import { docClient, tableName } from '../lib/aws';
import { padId } from '../lib/counters';
import { conditionFailedAt, queryAll, takeClaimItem } from '../lib/query';
import { isConditionalFailure } from '../lib/retry';

/**
 * Storage of the site's content, read by the home area and written by the cms area (layout in docs/data-model.md, section "Home page and content"):
 *
 * BLOCK#<id> / BLOCK          a content block
 *   gsi1 CMSBLOCKS     / <sortOrder>#<id>   only while active (sparse): the home page's blocks in order
 *   gsi2 CMSBLOCKS_ALL / <sortOrder>#<id>   every block: the admin list
 * BLOCKSLUG#<slug> / BLOCKSLUG claim that makes slugs unique, holds blockID
 * ANN#<id> / ANN              an announcement
 *   gsi1 CMSANN     / <endAt or END_OF_TIME>#<id>   only while active (sparse): the home page reads the
 *                                                   ones not yet ended and keeps those already started
 *   gsi2 CMSANN_ALL / <startAt>#<id>                every announcement: the admin list, newest first
 */

export type BlockItem = Required<BlockResponse> & { updatedBy?: number };
export type AnnouncementItem = Required<AnnouncementResponse> & { updatedBy?: number };

const BLOCKS_ACTIVE = 'CMSBLOCKS';
const BLOCKS_ALL = 'CMSBLOCKS_ALL';
const ANN_ACTIVE = 'CMSANN';
const ANN_ALL = 'CMSANN_ALL';
/** Sort key stand-in for "no end time": later than any real ISO time. */
const END_OF_TIME = '9999-12-31T23:59:59.999Z';
/** sortOrder may be negative: shift it so that zero-padded text sorts like the number. */
const SORT_OFFSET = 1_000_000;

const blockKey = (id: number) => ({ pk: `BLOCK#${id}`, sk: 'BLOCK' });
const slugKey = (slug: string) => ({ pk: `BLOCKSLUG#${slug}`, sk: 'BLOCKSLUG' });
const annKey = (id: number) => ({ pk: `ANN#${id}`, sk: 'ANN' });

const blockOrderKey = (b: Pick<BlockItem, 'sortOrder' | 'blockID'>) =>
  `${padId(b.sortOrder + SORT_OFFSET, 7)}#${padId(b.blockID)}`;

function blockRecord(b: BlockItem): Record<string, unknown> {
  const order = blockOrderKey(b);
  return {
    ...blockKey(b.blockID),
    ...(b.isActive ? { gsi1pk: BLOCKS_ACTIVE, gsi1sk: order } : {}),
    gsi2pk: BLOCKS_ALL,
    gsi2sk: order,
    ...b,
  };
}

function annRecord(a: AnnouncementItem): Record<string, unknown> {
  return {
    ...annKey(a.announcementID),
    ...(a.isActive ? { gsi1pk: ANN_ACTIVE, gsi1sk: `${a.endAt ?? END_OF_TIME}#${padId(a.announcementID)}` } : {}),
    gsi2pk: ANN_ALL,
    gsi2sk: `${a.startAt}#${padId(a.announcementID)}`,
    ...a,
  };
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

function toBlock(i: Record<string, unknown>): BlockItem {
  return {
    blockID: Number(i.blockID),
    slug: str(i.slug),
    title: str(i.title),
    body: str(i.body),
    imageUrl: str(i.imageUrl),
    sortOrder: Number(i.sortOrder ?? 0),
    isActive: i.isActive === true,
    createdOn: str(i.createdOn),
    updatedOn: str(i.updatedOn),
    titleHi: str(i.titleHi),
    bodyHi: str(i.bodyHi),
  };
}

function toAnnouncement(i: Record<string, unknown>): AnnouncementItem {
  return {
    announcementID: Number(i.announcementID),
    title: str(i.title),
    message: str(i.message),
    severity: str(i.severity) as Severity,
    startAt: str(i.startAt),
    endAt: i.endAt ? String(i.endAt) : null,
    isActive: i.isActive === true,
    createdOn: str(i.createdOn),
    updatedOn: str(i.updatedOn),
  };
}

/** Which item of a cancelled transaction failed its condition first, or -1. */
const failedIndex = (e: unknown): number => conditionFailedAt(e)[0] ?? -1;

// ---- blocks ----

export async function getBlock(id: number): Promise<BlockItem | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: blockKey(id), ConsistentRead: true }));
  return out.Item ? toBlock(out.Item) : undefined;
}

/** The block with this slug (through its slug claim), or undefined. */
export async function getBlockBySlug(slug: string): Promise<BlockItem | undefined> {
  const claim = await docClient().send(new GetCommand({ TableName: tableName(), Key: slugKey(slug) }));
  if (claim.Item?.blockID === undefined) return undefined;
  const block = await docClient().send(new GetCommand({ TableName: tableName(), Key: blockKey(Number(claim.Item.blockID)) }));
  return block.Item && block.Item.slug === slug ? toBlock(block.Item) : undefined;
}

/** Blocks in sortOrder (then id): only the active ones, or all. */
export async function listBlocks(includeInactive: boolean): Promise<BlockItem[]> {
  const [index, pk] = includeInactive ? ['gsi2', BLOCKS_ALL] : ['gsi1', BLOCKS_ACTIVE];
  const items = await queryAll({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :p`,
    ExpressionAttributeValues: { ':p': pk },
  });
  return items.map(toBlock);
}

export type WriteOutcome = 'ok' | 'slug-taken' | 'changed';

/** A new block and its slug claim, both or neither. */
export async function insertBlock(b: BlockItem, entry: TransactItem): Promise<WriteOutcome> {
  try {
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: blockRecord(b), ConditionExpression: 'attribute_not_exists(pk)' } },
          takeClaimItem(slugKey(b.slug), 'blockID', b.blockID),
          entry,
        ],
      }),
    );
    return 'ok';
  } catch (e) {
    const i = failedIndex(e);
    if (i === 1) return 'slug-taken';
    if (i === 0) return 'changed';
    throw e;
  }
}

/**
 * Replaces a block read earlier as `before`. The write only succeeds if the stored slug is still the one
 * read (so the slug claims stay in step); a new slug moves the claim in the same transaction.
 */
export async function replaceBlock(before: BlockItem, b: BlockItem, entry: TransactItem): Promise<WriteOutcome> {
  const guard = {
    ConditionExpression: 'attribute_exists(pk) AND slug = :old',
    ExpressionAttributeValues: { ':old': before.slug },
  };
  if (before.slug === b.slug) {
    try {
      await writeWithEntry({ Put: { TableName: tableName(), Item: blockRecord(b), ...guard } }, entry);
      return 'ok';
    } catch (e) {
      if (isConditionalFailure(e)) return 'changed';
      throw e;
    }
  }
  try {
    await docClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: blockRecord(b), ...guard } },
          {
            Delete: {
              TableName: tableName(),
              Key: slugKey(before.slug),
              ConditionExpression: 'attribute_not_exists(pk) OR blockID = :id',
              ExpressionAttributeValues: { ':id': b.blockID },
            },
          },
          takeClaimItem(slugKey(b.slug), 'blockID', b.blockID),
          entry,
        ],
      }),
    );
    return 'ok';
  } catch (e) {
    const i = failedIndex(e);
    if (i === 2) return 'slug-taken';
    if (i === 0 || i === 1) return 'changed';
    throw e;
  }
}

// ---- announcements ----

export async function getAnnouncement(id: number): Promise<AnnouncementItem | undefined> {
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: annKey(id), ConsistentRead: true }));
  return out.Item ? toAnnouncement(out.Item) : undefined;
}

/** Every announcement (or only the active ones), newest start first. */
export async function listAnnouncements(includeInactive: boolean): Promise<AnnouncementItem[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :p',
    ExpressionAttributeValues: { ':p': ANN_ALL, ...(includeInactive ? {} : { ':on': true }) },
    ...(includeInactive ? {} : { FilterExpression: 'isActive = :on' }),
    ScanIndexForward: false,
  });
  return items.map(toAnnouncement);
}

/**
 * Announcements to show at `now` (ISO, UTC): active (sparse index), not yet ended (key condition) and
 * already started (filter). Ended announcements are never read, however many pile up.
 */
export async function listCurrentAnnouncements(now: string): Promise<AnnouncementItem[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p AND gsi1sk > :after',
    FilterExpression: 'startAt <= :now',
    // '#~' sorts after '#<digits>': an announcement ending exactly now is already over.
    ExpressionAttributeValues: { ':p': ANN_ACTIVE, ':after': `${now}#~`, ':now': now },
  });
  return items.map(toAnnouncement);
}

export async function insertAnnouncement(a: AnnouncementItem, entry: TransactItem): Promise<void> {
  await writeWithEntry(
    { Put: { TableName: tableName(), Item: annRecord(a), ConditionExpression: 'attribute_not_exists(pk)' } },
    entry,
  );
}

/** Returns false when there is no such announcement. */
export async function replaceAnnouncement(a: AnnouncementItem, entry: TransactItem): Promise<boolean> {
  try {
    await writeWithEntry(
      { Put: { TableName: tableName(), Item: annRecord(a), ConditionExpression: 'attribute_exists(pk)' } },
      entry,
    );
    return true;
  } catch (e) {
    if (isConditionalFailure(e)) return false;
    throw e;
  }
}
