import {
  ConflictListQuery,
  ConflictNumberParam,
  CounterCodeParam,
  CounterSettingsInput,
  OfflineBatchInput,
  PrepareInput,
  ReconcileInput,
  ResolveConflictInput,
} from '../schemas/offline-counter';
import {
  ConflictListReply,
  ConflictView,
  CounterListReply,
  CounterView,
  OfflineBatchReply,
  PreparedReply,
  ReconcileReply,
} from '../schemas/replies/offline-counter';
import type { RouteContract } from './types';

/** The offline counter's routes (area sales; docs/decisions/0048-offline-counter.md). */
export const offlineCounterContract = {
  'GET /api/counters': { reply: CounterListReply },
  'PUT /api/counters/{code}': { params: CounterCodeParam, body: CounterSettingsInput, reply: CounterView },
  'POST /api/counters/{code}/prepare': { params: CounterCodeParam, body: PrepareInput, reply: PreparedReply },
  'POST /api/counters/{code}/offline-batch': { params: CounterCodeParam, body: OfflineBatchInput, reply: OfflineBatchReply },
  'POST /api/counters/{code}/reconcile': { params: CounterCodeParam, body: ReconcileInput, reply: ReconcileReply },
  'GET /api/offline-conflicts': { query: ConflictListQuery, reply: ConflictListReply },
  'POST /api/offline-conflicts/{number}/resolve': {
    params: ConflictNumberParam,
    body: ResolveConflictInput,
    reply: ConflictView,
  },
} as const satisfies Record<string, RouteContract>;
