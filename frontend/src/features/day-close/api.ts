import type { DayCloseForm, DayCloseListReply, DayCloseView, ReopenDayInput } from '@shared/schemas/day-close';
import { call } from '@web/lib/api';

/** Calls of the Day close screen (docs/product-rules.md#a-sellers-day-ends-with-a-cash-close). */
export const dayCloseOf = (date: string, signal?: AbortSignal, o: { mine?: boolean } = {}): Promise<DayCloseListReply> =>
  call('GET /api/day-close', { query: { date, ...(o.mine ? { mine: true } : {}) }, signal });

export const closeDay = (body: DayCloseForm): Promise<DayCloseView> => call('POST /api/day-close', { body });

export const reopenDay = (id: string, body: ReopenDayInput): Promise<DayCloseView> =>
  call('POST /api/day-close/{id}/reopen', { params: { id }, body });

/** Today in India, 'YYYY-MM-DD' (India keeps one offset all year). */
export const indiaToday = (now = Date.now()): string => new Date(now + 5.5 * 3_600_000).toISOString().slice(0, 10);
