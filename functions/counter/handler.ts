import { CheckinInput, ServeInput, TodayQuery } from '@shared/schemas/counter';
import { defineArea } from '../lib/handler';
import { json } from '../lib/http';
import * as counter from './service';
import { closedDayOf } from './day-closed';
import { listToday } from './today-list';

/** The counter's day: today's list, check-in, the counter serving a token, and the public queue display. */
export const handler = defineArea('counter', {
  'GET /api/today': {
    query: TodayQuery,
    handle: async ({ query, caller }) => {
      const [list, dayClosed] = await Promise.all([listToday(query.date, query.shift), closedDayOf(caller!.userID)]);
      return { ...list, dayClosed };
    },
  },
  'POST /api/checkin': {
    body: CheckinInput,
    handle: ({ body, caller, audit }) => counter.checkIn(body, caller!, audit),
  },
  // Tokens and counter names only; a display refreshes every few seconds, so a shared cache may keep it briefly.
  'GET /api/queue': { handle: async () => json(await counter.queue(), 200, { 'cache-control': 'public, max-age=5' }) },
  'POST /api/queue/serve': { body: ServeInput, handle: ({ body, audit }) => counter.serve(body, audit) },
});
