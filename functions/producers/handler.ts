import { IdParam } from '../../shared/schemas/common';
import { ProducerInput, ProducerListQuery } from '../../shared/schemas/producers';
import { defineArea, route } from '../lib/handler';
import { json } from '../lib/http';
import * as producers from './service';

export const handler = defineArea('producers', {
  'GET /api/producers': route({ query: ProducerListQuery, handle: ({ query }) => producers.list(query) }),
  'GET /api/producers/{id}': route({ params: IdParam, handle: ({ params, caller }) => producers.get(params.id, caller) }),
  'POST /api/producers': route({
    body: ProducerInput,
    handle: async ({ body, caller }) => json(await producers.create(body, caller), 201),
  }),
  'PUT /api/producers/{id}': route({
    params: IdParam,
    body: ProducerInput,
    handle: ({ params, body, caller }) => producers.update(params.id, body, caller),
  }),
  'DELETE /api/producers/{id}': route({
    params: IdParam,
    handle: ({ params, caller }) => producers.setActive(params.id, false, caller),
  }),
  'POST /api/producers/{id}/restore': route({
    params: IdParam,
    handle: ({ params, caller }) => producers.setActive(params.id, true, caller),
  }),
});
