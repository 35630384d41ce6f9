import { IdParam } from '@shared/schemas/common';
import { CropDropdownQuery, CropInput, CropListQuery } from '@shared/schemas/crops';
import { defineArea } from '../lib/handler';
import { json } from '../lib/http';
import * as crops from './service';
import { dropdown } from './crop-dropdown';

export const handler = defineArea('crops', {
  'GET /api/crops': { query: CropListQuery, handle: ({ query }) => crops.list(query) },
  'GET /api/crops/dropdown': {
    query: CropDropdownQuery,
    handle: async ({ query, caller }) => {
      const items = await dropdown(query.includeInactive);
      // Anonymous readers (the registration form) may be served from the CDN for a minute.
      const shared = !caller && !query.includeInactive;
      return json(items, 200, shared ? { 'cache-control': 'public, max-age=60' } : {});
    },
  },
  'GET /api/crops/{id}': { params: IdParam, handle: ({ params }) => crops.get(params.id) },
  'POST /api/crops': { body: CropInput, handle: async ({ body, audit }) => json(await crops.create(body, audit), 201) },
  'PUT /api/crops/{id}': {
    params: IdParam,
    body: CropInput,
    handle: ({ params, body, audit }) => crops.update(params.id, body, audit),
  },
  'DELETE /api/crops/{id}': { params: IdParam, handle: ({ params, audit }) => crops.setActive(params.id, false, audit) },
  'POST /api/crops/{id}/restore': { params: IdParam, handle: ({ params, audit }) => crops.setActive(params.id, true, audit) },
});
