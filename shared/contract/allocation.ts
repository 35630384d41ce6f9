import { AllocationSummaryQuery, DrawParams, DrawRequest, OutboxQuery } from '../schemas/allocation';
import { AllocationSummaryReply, DrawReply, OutboxReply, SweepReply } from '../schemas/replies/allocation';
import type { AreaContract } from './types';

export const allocationContract = {
  'POST /api/allocation/draw': { body: DrawRequest, reply: DrawReply },
  'GET /api/allocation/draw/{cropId}/{year}': { params: DrawParams, reply: DrawReply },
  'GET /api/allocation': { query: AllocationSummaryQuery, reply: AllocationSummaryReply },
  'POST /api/allocation/sweep': { reply: SweepReply },
  'GET /api/notifications/outbox': { query: OutboxQuery, reply: OutboxReply },
  'GET /draw': { reply: 'html' },
  'GET /draw/{cropId}/{year}': { reply: 'html' },
} as const satisfies AreaContract<'allocation'>;
