import * as z from 'zod';
import { IdParam } from '../schemas/common';
import { ProducerInput, ProducerListQuery } from '../schemas/producers';
import { ProducerReply } from '../schemas/replies/producers';
import type { AreaContract } from './types';

export const producersContract = {
  'GET /api/producers': { query: ProducerListQuery, reply: z.array(ProducerReply) },
  'GET /api/producers/{id}': { params: IdParam, reply: ProducerReply },
  'POST /api/producers': { body: ProducerInput, reply: ProducerReply },
  'PUT /api/producers/{id}': { params: IdParam, body: ProducerInput, reply: ProducerReply },
  'DELETE /api/producers/{id}': { params: IdParam, reply: ProducerReply },
  'POST /api/producers/{id}/restore': { params: IdParam, reply: ProducerReply },
} as const satisfies AreaContract<'producers'>;
