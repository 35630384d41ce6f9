import * as z from 'zod';

/**
 * POST /api/admin/reconcile (and the scheduled run): what the reconciliation found wrong in the data derived
 * from the registrations and bills, and what it wrote (functions/reconcile/job.ts).
 */
export const CounterKind = z.enum(['dashboard', 'report']);

/** One counter group whose stored sum differed from the recomputed one: the difference was added to it. */
export const CounterCorrection = z.strictObject({
  kind: CounterKind,
  /** The counter's key: `STAT#<name>[#U<user>]#<day|ALL>` or `RPT#<year>#<day>`. */
  counter: z.string(),
  /** Report counters: `<cropId>#<district>#<category>#<gender>` (all its shards); '' for dashboard counters. */
  combination: z.string(),
  measure: z.string(),
  stored: z.number(),
  expected: z.number(),
});
export type CounterCorrection = z.infer<typeof CounterCorrection>;

/** A counter group that changed while the run read it: left as it is, for the next run. */
export const CounterLeft = z.strictObject({
  kind: CounterKind,
  counter: z.string(),
  combination: z.string(),
});
export type CounterLeft = z.infer<typeof CounterLeft>;

/** A registration whose farmer link was made or repaired. */
export const LinkCorrection = z.strictObject({
  year: z.number().int(),
  id: z.number().int(),
  /** linked: to its farmer; to-confirm: marked for staff; index: its farmer index keys written again. */
  outcome: z.enum(['linked', 'to-confirm', 'index']),
});
export type LinkCorrection = z.infer<typeof LinkCorrection>;

export const ReconcileReply = z.strictObject({
  startedAt: z.string(),
  finishedAt: z.string(),
  /** Registration years read (each with every bill of its registrations). */
  years: z.array(z.number().int()),
  read: z.strictObject({ registrations: z.number().int(), bills: z.number().int() }),
  /** How many things were corrected in all (the lists below may stop at their cap). */
  corrected: z.number().int(),
  links: z.array(LinkCorrection),
  /** Registrations the stream had not counted on the dashboard after a minute: counted now. */
  countedLate: z.array(z.strictObject({ year: z.number().int(), id: z.number().int() })),
  counters: z.array(CounterCorrection),
  left: z.array(CounterLeft),
  /** Registrations that could not be linked (no farmer can be made from them), tried again next run. */
  notLinked: z.number().int(),
  /** True when a list was cut at its cap (the counts stay whole). */
  truncated: z.boolean(),
});
export type ReconcileReply = z.infer<typeof ReconcileReply>;
