import { DrawParams, DrawRequest } from '../schemas/allocation';
import { DrawReply } from '../schemas/replies/allocation';
import type { AreaContract } from './types';

export const allocationContract = {
  'POST /api/allocation/draw': { body: DrawRequest, reply: DrawReply },
  'GET /api/allocation/draw/{cropId}/{year}': { params: DrawParams, reply: DrawReply },
} as const satisfies AreaContract<'allocation'>;
