import { AllocationSummaryQuery, DrawParams, DrawRequest } from '@shared/schemas/allocation';
import { defineArea } from '../lib/handler';
import { HttpResult, json } from '../lib/http';
import { DrawAlreadyRun, publishedDraw, runCropDraw } from './draw-service';
import { allocationSummary } from './summary';
import { sweepAllocation } from './sweep';
import { servePage } from '../lib/pages/serve';
import { DRAW_MESSAGES } from '../lib/pages/page-messages';
import { drawIndexPage, drawRefusal, drawResultPage } from './draw-page';

const ROUTE_SWEEP_BUDGET_MS = 6_000;

export const handler = defineArea('allocation', {
  'POST /api/allocation/draw': {
    body: DrawRequest,
    handle: async ({ body, caller, audit }) => {
      try {
        return json(await runCropDraw(body, caller!, audit), 201);
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
    handle: ({ query }) => allocationSummary(query.year),
  },
  'POST /api/allocation/sweep': {
    handle: async ({ audit }) => {
      // Run now: an admin's run does not wait for a scheduled run's lease (correctness never depends on it).
      // It stops beginning work well within the API function's 10 s; the scheduled runs do the rest.
      const { expired, promoted, days } = await sweepAllocation({ budgetMs: ROUTE_SWEEP_BUDGET_MS });
      // Many transactions: one entry when the run completes, with what it did (none when it failed).
      await audit.write(
        { type: 'allocation', id: 'sweep' },
        { summary: `sweep run: ${expired} expired, ${promoted} promoted${days.length ? `, days ${days.join(', ')}` : ''}` },
      );
      return { expired, promoted, days };
    },
  },
  'GET /draw': { handle: ({ event }) => servePage(event, drawIndexPage, { messages: DRAW_MESSAGES, refusal: drawRefusal }) },
  'GET /draw/{cropId}/{year}': {
    handle: ({ event }) => servePage(event, drawResultPage, { messages: DRAW_MESSAGES, refusal: drawRefusal }),
  },
});
