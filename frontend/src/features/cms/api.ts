import { api } from '@web/lib/api';
import type { AnnouncementInput, AnnouncementResponse, BlockInput, BlockResponse } from '@shared/schemas/cms';

/** Staff lists include inactive records. */
export const listBlocks = () => api.get<BlockResponse[]>('/api/cms/blocks', { query: { includeInactive: true } });
export const listAnnouncements = () =>
  api.get<AnnouncementResponse[]>('/api/cms/announcements', { query: { includeInactive: true } });

/** Id 0 creates (POST), any other id updates (PUT), as the API expects. */
export const saveBlock = (input: BlockInput) =>
  input.blockID
    ? api.put<BlockResponse>(`/api/cms/blocks/${input.blockID}`, input)
    : api.post<BlockResponse>('/api/cms/blocks', input);

export const saveAnnouncement = (input: AnnouncementInput) =>
  input.announcementID
    ? api.put<AnnouncementResponse>(`/api/cms/announcements/${input.announcementID}`, input)
    : api.post<AnnouncementResponse>('/api/cms/announcements', input);
