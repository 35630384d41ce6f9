import { CheckinInput, ServeInput, TodayQuery } from '../schemas/counter';
import { CheckinReply, QueueReply, ServeReply, TodayReply } from '../schemas/replies/counter';
import type { AreaContract } from './types';

export const counterContract = {
  'GET /api/today': { query: TodayQuery, reply: TodayReply },
  'POST /api/checkin': { body: CheckinInput, reply: CheckinReply },
  'GET /api/queue': { reply: QueueReply },
  'POST /api/queue/serve': { body: ServeInput, reply: ServeReply },
} as const satisfies AreaContract<'counter'>;
