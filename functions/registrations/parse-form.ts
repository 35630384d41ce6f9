import type * as z from 'zod';
import { MSG_FORM_INVALID, registrationFieldErrors } from '@shared/schemas/registration';
import { badRequest } from '../lib/errors';

/** Parses a farmer's form with a shared schema; failures answer with the bilingual form alert and the field map. */
export function parseForm<T>(schema: z.ZodType<T>, body: unknown): T {
  const out = schema.safeParse(body ?? {});
  if (!out.success) throw badRequest(MSG_FORM_INVALID, registrationFieldErrors(out.error));
  return out.data;
}
