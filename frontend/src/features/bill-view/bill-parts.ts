/**
 * How the bill page draws a bill, fetched beside the bill and its texts (the status messages: billSupply,
 * creditNote): the summary, the copies, for staff the layout choice and the thermal strip, and a cancelled bill's
 * mark or the staff's cancel buttons.
 */
export { BillSummary } from './BillSummary';
export { BillCopy } from './BillCopy';
export { StaffPrintLayout } from './StaffPrintLayout';
export { default as BillCancellation } from './BillCancellation';
