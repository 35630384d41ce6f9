import type { AllocationSummaryReply, DrawReply, SweepReply } from '@shared/schemas/replies/allocation';
import { call } from '@web/lib/api';

/** Staff calls of the Allocation screen (docs/decisions/0022-allocation.md). */
export const getAllocation = (year: number, signal?: AbortSignal): Promise<AllocationSummaryReply> =>
  call('GET /api/allocation', { query: { year }, signal });

export const runSweep = (): Promise<SweepReply> => call('POST /api/allocation/sweep');

export const runDraw = (cropId: number, year: number, seed: string): Promise<DrawReply> =>
  call('POST /api/allocation/draw', { body: { cropId, year, seed } });

export const getDraw = (cropId: number, year: number, signal?: AbortSignal): Promise<DrawReply> =>
  call('GET /api/allocation/draw/{cropId}/{year}', { params: { cropId, year }, signal });

/** Whole kg as India writes them (1,20,000). */
export const kgText = (kg: number) => Math.round(kg).toLocaleString('en-IN');
