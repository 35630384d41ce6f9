import type { z } from 'zod';

/** Field errors from a zod failure: the first message per field, keyed by the dotted path ('ShiftLabels.0'). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}
