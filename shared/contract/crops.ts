import * as z from 'zod';
import { IdParam } from '../schemas/common';
import { CropDropdownQuery, CropInput, CropListQuery } from '../schemas/crops';
import { CropDropdownItemReply, CropReply } from '../schemas/replies/crops';
import type { AreaContract } from './types';

export const cropsContract = {
  'GET /api/crops': { query: CropListQuery, reply: z.array(CropReply) },
  'GET /api/crops/dropdown': { query: CropDropdownQuery, reply: z.array(CropDropdownItemReply) },
  'GET /api/crops/{id}': { params: IdParam, reply: CropReply },
  'POST /api/crops': { body: CropInput, reply: CropReply },
  'PUT /api/crops/{id}': { params: IdParam, body: CropInput, reply: CropReply },
  'DELETE /api/crops/{id}': { params: IdParam, reply: CropReply },
  'POST /api/crops/{id}/restore': { params: IdParam, reply: CropReply },
} as const satisfies AreaContract<'crops'>;
