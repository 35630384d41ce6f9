import { call } from '@web/lib/api';
import type { AnnouncementInput, BlockInput } from '@shared/schemas/cms';

/** Staff lists include inactive records. */
export const listBlocks = () => call('GET /api/cms/blocks', { query: { includeInactive: true } });
export const listAnnouncements = () => call('GET /api/cms/announcements', { query: { includeInactive: true } });

/** Id 0 creates (POST), any other id updates (PUT), as the API expects. */
export const saveBlock = (input: BlockInput) =>
  input.blockID
    ? call('PUT /api/cms/blocks/{blockID}', { params: { blockID: input.blockID }, body: input })
    : call('POST /api/cms/blocks', { body: input });

export const saveAnnouncement = (input: AnnouncementInput) =>
  input.announcementID
    ? call('PUT /api/cms/announcements/{announcementID}', { params: { announcementID: input.announcementID }, body: input })
    : call('POST /api/cms/announcements', { body: input });
