import * as z from 'zod';
import { IdParam } from '../schemas/common';
import { ByAadhaarQuery, FarmerInput, FarmerListQuery } from '../schemas/farmers';
import { FarmerRegistrationReply, FarmerReply } from '../schemas/replies/farmers';
import type { AreaContract } from './types';

export const farmersContract = {
  'GET /api/farmers': { query: FarmerListQuery, reply: z.array(FarmerReply) },
  'GET /api/farmers/by-aadhaar': { query: ByAadhaarQuery, reply: FarmerReply },
  'GET /api/farmers/{id}': { params: IdParam, reply: FarmerReply },
  'POST /api/farmers': { body: FarmerInput, reply: FarmerReply },
  'PUT /api/farmers/{id}': { params: IdParam, body: FarmerInput, reply: FarmerReply },
  'DELETE /api/farmers/{id}': { params: IdParam, reply: FarmerReply },
  'POST /api/farmers/{id}/restore': { params: IdParam, reply: FarmerReply },
  'GET /api/farmers/{id}/registrations': { params: IdParam, reply: z.array(FarmerRegistrationReply) },
} as const satisfies AreaContract<'farmers'>;
