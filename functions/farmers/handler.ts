import { IdParam } from '@shared/schemas/common';
import { ByAadhaarQuery, FarmerInput, FarmerListQuery } from '@shared/schemas/farmers';
import { defineArea } from '../lib/handler';
import { json } from '../lib/http';
import * as farmers from './service';

export const handler = defineArea('farmers', {
  'GET /api/farmers': { query: FarmerListQuery, handle: ({ query }) => farmers.list(query) },
  'GET /api/farmers/by-aadhaar': {
    query: ByAadhaarQuery,
    handle: ({ query }) => farmers.byAadhaar(query.aadhaar),
  },
  'GET /api/farmers/{id}': {
    params: IdParam,
    handle: ({ params, caller, sourceIp }) => farmers.view(params.id, caller, sourceIp),
  },
  'POST /api/farmers': {
    body: FarmerInput,
    handle: async ({ body, audit }) => json(await farmers.create(body, audit), 201),
  },
  'PUT /api/farmers/{id}': {
    params: IdParam,
    body: FarmerInput,
    handle: ({ params, body, audit }) => farmers.update(params.id, body, audit),
  },
  'DELETE /api/farmers/{id}': { params: IdParam, handle: ({ params, audit }) => farmers.setActive(params.id, false, audit) },
  'POST /api/farmers/{id}/restore': { params: IdParam, handle: ({ params, audit }) => farmers.setActive(params.id, true, audit) },
  'GET /api/farmers/{id}/registrations': { params: IdParam, handle: ({ params }) => farmers.registrations(params.id) },
});
