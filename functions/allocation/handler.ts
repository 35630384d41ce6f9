import { AllocationSummaryQuery, DrawParams, DrawRequest, OutboxQuery } from '@shared/schemas/allocation';
import { defineArea } from '../lib/handler';
import { AppError } from '../lib/errors';
import { HttpResult, json } from '../lib/http';
import { listOutbox } from './outbox';
import { DrawAlreadyRun, publishedDraw, runCropDraw } from './draw-service';

export const handler = defineArea('allocation', {
  'POST /api/allocation/draw': {
    body: DrawRequest,
    handle: async ({ body, caller }) => {
      try {
        return json(await runCropDraw(body, caller!), 201);
      } catch (e) {
        if (!(e instanceof DrawAlreadyRun)) throw e;
        // Refused with the first result, so the admin sees what stands.
        const refusal = { success: false, code: 'CONFLICT', message: e.message, draw: e.first };
        return json(refusal, 409) as HttpResult<never>;
      }
    },
  },
  'GET /api/allocation/draw/{cropId}/{year}': {
    params: DrawParams,
    handle: ({ params }) => publishedDraw(params.cropId, params.year),
  },
  'GET /api/allocation': {
    query: AllocationSummaryQuery,
    handle: () => Promise.reject(new AppError('UNAVAILABLE', 'TODO(wp-alloc): allocation summary not built yet')),
  },
  'POST /api/allocation/sweep': {
    handle: () => Promise.reject(new AppError('UNAVAILABLE', 'TODO(wp-alloc): sweep not built yet')),
  },
  'GET /api/notifications/outbox': {
    query: OutboxQuery,
    handle: async ({ query }) => ({ items: await listOutbox(query.status, query.take) }),
  },
});
