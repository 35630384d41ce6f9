import * as z from 'zod';
import { AnnouncementIdParam, AnnouncementInput, BlockIdParam, BlockInput, CmsListQuery } from '../schemas/cms';
import { AnnouncementReply, BlockReply } from '../schemas/replies/cms';
import type { AreaContract } from './types';

export const cmsContract = {
  'GET /api/cms/blocks': { query: CmsListQuery, reply: z.array(BlockReply) },
  'POST /api/cms/blocks': { body: BlockInput, reply: BlockReply },
  'PUT /api/cms/blocks/{blockID}': { params: BlockIdParam, body: BlockInput, reply: BlockReply },
  'GET /api/cms/announcements': { query: CmsListQuery, reply: z.array(AnnouncementReply) },
  'POST /api/cms/announcements': { body: AnnouncementInput, reply: AnnouncementReply },
  'PUT /api/cms/announcements/{announcementID}': {
    params: AnnouncementIdParam,
    body: AnnouncementInput,
    reply: AnnouncementReply,
  },
} as const satisfies AreaContract<'cms'>;
