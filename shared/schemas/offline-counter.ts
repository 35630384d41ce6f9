import * as z from 'zod';
import { nameText } from './common';
import { PAYMENT_MODES } from './replies/sales';

/**
 * The counter that keeps working offline (docs/decisions/0048-offline-counter.md): per-counter settings, the
 * preparation (a block of bill numbers of the counter's own series and a stock float per lot), the batch of
 * offline sales sent when the line is back, the conflicts it leaves for admins, and the reconciliation.
 */

export {
  COUNTER_CODE_RE,
  COUNTER_CODES,
  COUNTER_INVOICE_NUMBER_RE,
  COUNTER_SEQ_MAX,
  formatCounterInvoiceNumber,
  parseCounterInvoiceNumber,
} from '../invoice-numbers';
import { COUNTER_CODE_RE, COUNTER_INVOICE_NUMBER_RE } from '../invoice-numbers';

/** Limits of the per-counter settings. */
export const FLOAT_KG_MAX = 100_000;
export const BLOCK_SIZE_MAX = 500;
export const PREPARE_LOTS_MAX = 10;
export const DEFAULT_FLOAT_KG = 200;
export const DEFAULT_BLOCK_SIZE = 50;
export const OFFLINE_BATCH_MAX = 100;

export const CounterCodeParam = z.object({
  code: z.string().trim().toUpperCase().regex(COUNTER_CODE_RE, 'code: one character, 1 to 9 or A to Z'),
});

/** PUT /api/counters/{code}: the counter's name, its stock float per lot (kg), its block of bill numbers, its shifts. */
export const CounterSettingsInput = z.strictObject({
  name: nameText(
    z.string({ error: 'name must be text' }).trim().min(1, 'name: name the counter').max(40, 'name: at most 40 characters'),
  ),
  floatKg: z
    .number({ error: 'floatKg must be a number' })
    .int('floatKg must be whole kg')
    .min(1, 'floatKg: at least 1')
    .max(FLOAT_KG_MAX, `floatKg: at most ${FLOAT_KG_MAX}`),
  blockSize: z
    .number({ error: 'blockSize must be a number' })
    .int('blockSize must be a whole number')
    .min(1, 'blockSize: at least 1')
    .max(BLOCK_SIZE_MAX, `blockSize: at most ${BLOCK_SIZE_MAX}`),
  shifts: z
    .array(z.union([z.literal(1), z.literal(2)], { error: 'shifts: 1 or 2' }))
    .min(1, 'shifts: at least one')
    .max(2)
    .default([1, 2]),
});
export type CounterSettingsInput = z.output<typeof CounterSettingsInput>;

/** POST /api/counters/{code}/prepare: optionally the lots to take a float from (else the fitting lots of the day's crops). */
export const PrepareInput = z.strictObject({
  lotIDs: z
    .array(z.number().int().positive().max(1e12), { error: 'lotIDs must be a list of lot ids' })
    .min(1, 'lotIDs: at least one lot')
    .max(PREPARE_LOTS_MAX, `lotIDs: at most ${PREPARE_LOTS_MAX} lots`)
    .optional(),
});
export type PrepareInput = z.output<typeof PrepareInput>;

const idempotencyKey = z
  .string({ error: 'key must be text' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'key: 16 to 64 letters, digits, - or _');

/** One sale made offline, as the counter stored and printed it. */
export const OfflineSaleAction = z.strictObject({
  key: idempotencyKey,
  kind: z.literal('sale'),
  invoiceNumber: z.string().regex(COUNTER_INVOICE_NUMBER_RE, 'invoiceNumber: not a counter series number'),
  registrationID: z.number().int().positive().max(1e9),
  year: z.number().int().min(2000).max(3000),
  lotID: z.number().int().positive().max(1e12),
  bags: z.number().int().min(1).max(10_000),
  paymentMode: z.enum(PAYMENT_MODES),
  upiRef: z
    .string()
    .regex(/^\d{4,12}$/)
    .optional(),
  /** When the bill was printed (ISO). */
  printedAt: z.iso.datetime({ offset: true, error: 'printedAt: an ISO time' }),
  /** The token printed in the bill's QR code (random, base64url). */
  verifyToken: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'verifyToken: base64url, 22 to 64 characters'),
  /** The counter's own token for the farmer (C2-7), for the record. */
  token: z
    .string()
    .regex(/^C[1-9A-Z]-\d{1,5}$/)
    .optional(),
});
export type OfflineSaleAction = z.output<typeof OfflineSaleAction>;

/** POST /api/counters/{code}/offline-batch: the stored actions, in the order they were made. */
export const OfflineBatchInput = z.strictObject({
  prepId: z.string().regex(/^[A-Za-z0-9_.-]{5,80}$/, 'prepId: not a preparation id'),
  actions: z
    .array(OfflineSaleAction)
    .min(1, 'actions: at least one')
    .max(OFFLINE_BATCH_MAX, `actions: at most ${OFFLINE_BATCH_MAX} per batch`),
});
export type OfflineBatchInput = z.output<typeof OfflineBatchInput>;

export const CONFLICT_KINDS = [
  'billed-elsewhere',
  'registration-not-billable',
  'float-exceeded',
  'day-closed',
  'after-reconciliation',
  'refused',
] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

export const CONFLICT_RESOLUTIONS = ['keep', 'cancel'] as const;
export const ConflictNumberParam = z.object({
  number: z.string().trim().toUpperCase().regex(COUNTER_INVOICE_NUMBER_RE, 'number: not a counter series number'),
});
/** POST /api/offline-conflicts/{number}/resolve: keep the printed bill (its kg from the lot's stock) or cancel it by credit note. */
export const ResolveConflictInput = z.strictObject({
  resolution: z.enum(CONFLICT_RESOLUTIONS, { error: 'resolution: keep or cancel' }),
  reason: z
    .string({ error: 'reason must be text' })
    .trim()
    .min(3, 'reason: say why (at least 3 characters)')
    .max(300, 'reason: at most 300 characters'),
});
export type ResolveConflictInput = z.output<typeof ResolveConflictInput>;

export const ConflictListQuery = z.object({ status: z.enum(['open', 'resolved', 'all']).default('open') });

/** POST /api/counters/{code}/reconcile: closes the open preparation (it must be the one named). */
export const ReconcileInput = z.strictObject({ prepId: OfflineBatchInput.shape.prepId });

export type {
  CounterView,
  PreparedReply,
  PreparedRow,
  OfflineBatchReply,
  OfflineActionResult,
  ConflictView,
  ConflictListReply,
  ReconcileReply,
  CounterListReply,
} from './replies/offline-counter';
