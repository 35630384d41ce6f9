import * as z from 'zod';
import { redactDigitRuns } from '../redact';
import { blankIfMissing } from './common';

/**
 * Cancelling a bill by credit note (docs/decisions/0023-records.md, section 1). Credit note numbers: 'CN' + the
 * financial year of the cancellation as yyYY + '-' + a 6-digit sequence, e.g. CN2627-000001 (13 characters; a
 * 7-digit sequence still fits the limit of 16).
 */
export const CREDIT_NOTE_NUMBER_RE = /^CN\d{4}-\d{6,7}$/;
export const CREDIT_NOTE_NUMBER_MAX = 16;

export function formatCreditNoteNumber(fyStart: number, seq: number): string {
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `CN${yy(fyStart)}${yy(fyStart + 1)}-${String(seq).padStart(6, '0')}`;
}

/** The credit note's public page, as its QR code opens it (the token shows more than the summary, as on bills). */
export { creditNotePath as publicCreditNotePath } from '../public-pages/paths';

export const CANCEL_REASON_MIN = 3;
export const CANCEL_REASON_MAX = 300;

const reasonText = (label: string) =>
  blankIfMissing(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .min(CANCEL_REASON_MIN, `${label}: at least ${CANCEL_REASON_MIN} characters`)
      .max(CANCEL_REASON_MAX, `${label}: at most ${CANCEL_REASON_MAX} characters`)
      // Kept on the bill, the credit note and the request: never an Aadhaar number in clear.
      .transform(redactDigitRuns),
  );

/** A cancellation request's id (random, UUID). */
export const CANCEL_REQUEST_ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const requestId = z
  .string({ error: 'requestId must be text' })
  .trim()
  .toLowerCase()
  .regex(CANCEL_REQUEST_ID_RE, 'requestId is not a valid request id');

export const CancelBillInput = z.strictObject({
  reason: reasonText('Reason'),
  /** The seller's request this cancellation approves (it is then closed as approved). */
  requestId: requestId.optional(),
});
export type CancelBillInput = z.infer<typeof CancelBillInput>;

export const CancelRequestInput = z.strictObject({ reason: reasonText('Reason') });
export type CancelRequestInput = z.infer<typeof CancelRequestInput>;

export const RefuseCancelRequestInput = z.strictObject({ note: reasonText('Note') });
export type RefuseCancelRequestInput = z.infer<typeof RefuseCancelRequestInput>;

export const CancelRequestIdParam = z.object({ id: requestId });

export { CANCEL_REQUEST_STATUSES, type CancelRequestStatus } from './replies/credit-notes';
import { CANCEL_REQUEST_STATUSES } from './replies/credit-notes';

export const CancelRequestListQuery = z.object({
  status: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v && v !== 'all' ? v : undefined))
    .pipe(z.enum(CANCEL_REQUEST_STATUSES, { error: 'status must be all, open, approved or refused' }).optional()),
});
export type CancelRequestListQuery = z.infer<typeof CancelRequestListQuery>;

export const CreditNoteNumberParam = z.object({
  number: z
    .string()
    .trim()
    .toUpperCase()
    .max(CREDIT_NOTE_NUMBER_MAX, 'Credit note number is not valid')
    .regex(/^[A-Z0-9-]+$/, 'Credit note number is not valid'),
});

export const BILL_STATUSES = ['issued', 'cancelled'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

export type {
  CancelBillReply,
  CancelRequestReply,
  CancelRequestListReply,
  CancelRequestView,
  CreditNoteReply,
  CreditNoteView,
  CreditNoteSummary,
} from './replies/credit-notes';
