import * as z from 'zod';

/** Replies of the offline counter (shared/schemas/offline-counter.ts). */

const FloatView = z.strictObject({
  lotID: z.number(),
  lotCode: z.string(),
  cropID: z.number(),
  cropName: z.string(),
  cropNameHi: z.string(),
  /** The crop's HSN code, printed on the bill of supply ('' when the crop has none). */
  hsnCode: z.string(),
  /** Rupees per kg. */
  price: z.number(),
  /** The crop's bag size (kg) when it is sold by the bag, else null. */
  bagSizeKg: z.number().nullable(),
  unit: z.enum(['bag', 'kg']),
  /** Kg taken from the lot for this counter, and kg not yet sold from it. */
  takenKg: z.number(),
  leftKg: z.number(),
});

/** An open (or closed) preparation as admins and the counter see it. */
export const PreparationView = z.strictObject({
  prepId: z.string(),
  code: z.string(),
  day: z.string(),
  preparedAt: z.string(),
  preparedByName: z.string(),
  blockFrom: z.string(),
  blockTo: z.string(),
  /** Numbers of the block: how many, used (bills and conflicts), left. */
  blockSize: z.number(),
  used: z.number(),
  bills: z.number(),
  conflicts: z.number(),
  floats: z.array(FloatView),
  lastSyncAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** At the close: the numbers of the block that are neither a bill nor a conflict. */
  unused: z.array(z.string()),
});
export type PreparationView = z.infer<typeof PreparationView>;

export const CounterView = z.strictObject({
  code: z.string(),
  name: z.string(),
  floatKg: z.number(),
  blockSize: z.number(),
  shifts: z.array(z.number()),
  /** The preparation it holds now (numbers and kg not yet given back), or null. */
  open: PreparationView.nullable(),
  /** Prepared before today and not reconciled: it never came back online (or never closed). */
  overdue: z.boolean(),
});
export type CounterView = z.infer<typeof CounterView>;
export const CounterListReply = z.strictObject({ items: z.array(CounterView) });
export type CounterListReply = z.infer<typeof CounterListReply>;

/** A row of the prepared list: a confirmed registration of the counter's shifts, with its letter's code. */
export const PreparedRow = z.strictObject({
  registrationID: z.number(),
  year: z.number(),
  code: z.string(),
  name: z.string(),
  mobileLast4: z.string(),
  aadhaarLast4: z.string(),
  village: z.string(),
  cropID: z.number().nullable(),
  cropName: z.string(),
  cropNameHi: z.string(),
  bagsRequested: z.number(),
  unit: z.enum(['bag', 'kg']),
  /** At most this many (bags, or kg) without an admin. */
  saleLimit: z.number(),
  shift: z.number().nullable(),
  status: z.enum(['expected', 'arrived', 'billed', 'no-show']),
  invoiceNumber: z.string().nullable(),
});
export type PreparedRow = z.infer<typeof PreparedRow>;

export const PreparedReply = z.strictObject({
  preparation: PreparationView,
  /** Today's confirmed list for the counter's shifts. */
  rows: z.array(PreparedRow),
  /** The bill of supply's supplier block, to print offline. */
  supplier: z.strictObject({ name: z.string(), address: z.string(), gstin: z.string() }),
  /** The counter's own token range starts at 1 with this prefix (C2-1, C2-2…). */
  tokenPrefix: z.string(),
  /** The seller who prepared (the offline bills are theirs). */
  sellerName: z.string(),
});
export type PreparedReply = z.infer<typeof PreparedReply>;

export const OfflineActionResult = z.strictObject({
  key: z.string(),
  invoiceNumber: z.string(),
  /** applied: the bill is on the server; conflict: it is in the admins' conflicts list. */
  outcome: z.enum(['applied', 'conflict']),
  /** The action was applied (or set aside) before: a repeat changes nothing. */
  repeat: z.boolean(),
  conflictKind: z.string().optional(),
  message: z.string().optional(),
});
export type OfflineActionResult = z.infer<typeof OfflineActionResult>;
export const OfflineBatchReply = z.strictObject({ results: z.array(OfflineActionResult) });
export type OfflineBatchReply = z.infer<typeof OfflineBatchReply>;

export const ConflictView = z.strictObject({
  invoiceNumber: z.string(),
  kind: z.string(),
  message: z.string(),
  status: z.enum(['open', 'kept', 'cancelled']),
  code: z.string(),
  prepId: z.string(),
  printedAt: z.string(),
  sellerName: z.string(),
  registrationID: z.number(),
  year: z.number(),
  farmerName: z.string(),
  lotID: z.number(),
  lotCode: z.string(),
  kg: z.number(),
  amount: z.number(),
  /** The other bill of the registration, when it was billed elsewhere. */
  otherInvoiceNumber: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolutionReason: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
});
export type ConflictView = z.infer<typeof ConflictView>;
export const ConflictListReply = z.strictObject({ items: z.array(ConflictView) });
export type ConflictListReply = z.infer<typeof ConflictListReply>;

export const ReconcileReply = z.strictObject({ preparation: PreparationView, givenBackKg: z.number() });
export type ReconcileReply = z.infer<typeof ReconcileReply>;
