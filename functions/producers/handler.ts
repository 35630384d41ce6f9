import { IdParam } from '@shared/schemas/common';
import { ProducerInput, ProducerListQuery } from '@shared/schemas/producers';
import { defineArea } from '../lib/handler';
import { json } from '../lib/http';
import * as producers from './service';

export const handler = defineArea('producers', {
  'GET /api/producers': { query: ProducerListQuery, handle: ({ query }) => producers.list(query) },
  'GET /api/producers/{id}': {
    params: IdParam,
    handle: ({ params, caller, sourceIp }) => producers.get(params.id, caller, sourceIp),
  },
  'POST /api/producers': {
    body: ProducerInput,
    handle: async ({ body, audit }) => json(await producers.create(body, audit), 201),
  },
  'PUT /api/producers/{id}': {
    params: IdParam,
    body: ProducerInput,
    handle: ({ params, body, audit }) => producers.update(params.id, body, audit),
  },
  'DELETE /api/producers/{id}': {
    params: IdParam,
    handle: ({ params, audit }) => producers.setActive(params.id, false, audit),
  },
  'POST /api/producers/{id}/restore': {
    params: IdParam,
    handle: ({ params, audit }) => producers.setActive(params.id, true, audit),
  },
});
