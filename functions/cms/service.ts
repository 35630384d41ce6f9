import type { AnnouncementInput, AnnouncementResponse, BlockInput, BlockResponse } from '@shared/schemas/cms';
import { fieldChanges, type AuditTrail } from '../lib/audit-log';
import type { Caller } from '../lib/caller';
import { nextValue } from '../lib/counters';
import { badRequest, conflict, notFound } from '../lib/errors';
import * as repo from '../home/content-store';

/**
 * Editing the site's content (blocks and announcements; the home area reads them). A record is created when its
 * id is 0 (or absent) and updated otherwise, whichever of POST and PUT carries it.
 */

export interface SaveResult<T> {
  created: boolean;
  record: T;
}

const slugTaken = (slug: string) => conflict(`A block with the slug '${slug}' already exists. Choose another slug.`);
const changedMeanwhile = () => conflict('This record was changed by someone else at the same time. Reload and try again.');

/** The id a save addresses: the path id (PUT) must agree with a non-zero id in the body. */
export function resolveId(pathId: number | undefined, bodyId: number, label: string): number {
  if (pathId === undefined) return bodyId;
  if (bodyId !== 0 && bodyId !== pathId)
    throw badRequest(`${label} in the body does not match the address`, { [label]: 'Does not match' });
  return pathId;
}

const adminBlock = ({ updatedBy: _u, ...b }: repo.BlockItem): BlockResponse => b;
const adminAnnouncement = ({ updatedBy: _u, ...a }: repo.AnnouncementItem): AnnouncementResponse => a;

// ---- blocks ----

export async function listBlocks(includeInactive: boolean): Promise<BlockResponse[]> {
  return (await repo.listBlocks(includeInactive)).map(adminBlock);
}

const BLOCK_FIELDS = ['slug', 'title', 'titleHi', 'body', 'bodyHi', 'imageUrl', 'sortOrder', 'isActive'] as const;
const ANNOUNCEMENT_FIELDS = ['title', 'message', 'severity', 'startAt', 'endAt', 'isActive'] as const;

export async function saveBlock(
  id: number,
  input: BlockInput,
  caller: Caller,
  audit: AuditTrail,
): Promise<SaveResult<BlockResponse>> {
  const now = new Date().toISOString();
  const fields = {
    slug: input.slug,
    title: input.title,
    body: input.body,
    imageUrl: input.imageUrl,
    sortOrder: input.sortOrder,
    isActive: input.isActive,
    titleHi: input.titleHi,
    bodyHi: input.bodyHi,
    updatedOn: now,
    updatedBy: caller.userID,
  };
  if (id === 0) {
    const block: repo.BlockItem = { blockID: await nextValue('cmsblocks'), ...fields, createdOn: now };
    const entry = audit.put(
      { type: 'content-block', id: block.blockID },
      { summary: `block ${block.slug} created`, fields: fieldChanges(undefined, block, BLOCK_FIELDS) },
    );
    const outcome = await repo.insertBlock(block, entry);
    if (outcome === 'slug-taken') throw slugTaken(block.slug);
    if (outcome === 'changed') throw changedMeanwhile();
    return { created: true, record: adminBlock(block) };
  }
  const before = await repo.getBlock(id);
  if (!before) throw notFound('Block not found');
  const block: repo.BlockItem = { blockID: id, ...fields, createdOn: before.createdOn || now };
  const entry = audit.put(
    { type: 'content-block', id },
    { summary: `block ${block.slug} saved`, fields: fieldChanges(before, block, BLOCK_FIELDS) },
  );
  const outcome = await repo.replaceBlock(before, block, entry);
  if (outcome === 'slug-taken') throw slugTaken(block.slug);
  if (outcome === 'changed') throw changedMeanwhile();
  return { created: false, record: adminBlock(block) };
}

// ---- announcements ----

export async function listAnnouncements(includeInactive: boolean): Promise<AnnouncementResponse[]> {
  return (await repo.listAnnouncements(includeInactive)).map(adminAnnouncement);
}

export async function saveAnnouncement(
  id: number,
  input: AnnouncementInput,
  caller: Caller,
  audit: AuditTrail,
): Promise<SaveResult<AnnouncementResponse>> {
  const now = new Date().toISOString();
  const before = id === 0 ? undefined : await repo.getAnnouncement(id);
  if (id !== 0 && !before) throw notFound('Announcement not found');
  const startAt = input.startAt ?? before?.startAt ?? now;
  if (input.endAt !== null && input.endAt <= startAt) {
    throw badRequest('End time must be after the start time', { endAt: 'End time must be after the start time' });
  }
  const fields = {
    title: input.title,
    message: input.message,
    severity: input.severity,
    startAt,
    endAt: input.endAt,
    isActive: input.isActive,
    updatedOn: now,
    updatedBy: caller.userID,
  };
  if (!before) {
    const a: repo.AnnouncementItem = { announcementID: await nextValue('cmsannouncements'), ...fields, createdOn: now };
    const entry = audit.put(
      { type: 'announcement', id: a.announcementID },
      { summary: 'announcement created', fields: fieldChanges(undefined, a, ANNOUNCEMENT_FIELDS) },
    );
    await repo.insertAnnouncement(a, entry);
    return { created: true, record: adminAnnouncement(a) };
  }
  const a: repo.AnnouncementItem = { announcementID: id, ...fields, createdOn: before.createdOn || now };
  const entry = audit.put(
    { type: 'announcement', id },
    { summary: 'announcement saved', fields: fieldChanges(before, a, ANNOUNCEMENT_FIELDS) },
  );
  if (!(await repo.replaceAnnouncement(a, entry))) throw notFound('Announcement not found');
  return { created: false, record: adminAnnouncement(a) };
}
