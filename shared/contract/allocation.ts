import { AllocationSummaryQuery, DrawParams, DrawRequest } from '../schemas/allocation';
import { AllocationSummaryReply, DrawReply, SweepReply } from '../schemas/replies/allocation';
import type { AreaContract } from './types';

export const allocationContract = {
  'POST /api/allocation/draw': { body: DrawRequest, reply: DrawReply },
  'GET /api/allocation/draw/{cropId}/{year}': { params: DrawParams, reply: DrawReply },
  'GET /api/allocation': { query: AllocationSummaryQuery, reply: AllocationSummaryReply },
  'POST /api/allocation/sweep': { reply: SweepReply },
  'GET /draw': { reply: 'html' },
  'GET /draw/{cropId}/{year}': { reply: 'html' },
} as const satisfies AreaContract<'allocation'>;
