import { IdParam } from '../../shared/schemas/common';
import { ByAadhaarQuery, FarmerInput, FarmerListQuery } from '../../shared/schemas/farmers';
import { defineArea, route } from '../lib/handler';
import { json } from '../lib/http';
import * as farmers from './service';

export const handler = defineArea('farmers', {
  'GET /api/farmers': route({ query: FarmerListQuery, handle: ({ query }) => farmers.list(query) }),
  'GET /api/farmers/by-aadhaar': route({
    query: ByAadhaarQuery,
    handle: ({ query, caller }) => farmers.byAadhaar(query.aadhaar, caller),
  }),
  'GET /api/farmers/{id}': route({ params: IdParam, handle: ({ params, caller }) => farmers.get(params.id, caller) }),
  'POST /api/farmers': route({
    body: FarmerInput,
    handle: async ({ body, caller }) => json(await farmers.create(body, caller), 201),
  }),
  'PUT /api/farmers/{id}': route({
    params: IdParam,
    body: FarmerInput,
    handle: ({ params, body, caller }) => farmers.update(params.id, body, caller),
  }),
  'DELETE /api/farmers/{id}': route({ params: IdParam, handle: ({ params, caller }) => farmers.setActive(params.id, false, caller) }),
  'POST /api/farmers/{id}/restore': route({ params: IdParam, handle: ({ params, caller }) => farmers.setActive(params.id, true, caller) }),
  'GET /api/farmers/{id}/registrations': route({ params: IdParam, handle: ({ params }) => farmers.registrations(params.id) }),
});
