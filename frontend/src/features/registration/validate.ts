import {
  aadhaarFileProblem,
  FILE_FIELD,
  MAX_FILE_BYTES,
  MSG_FORM_INVALID,
  RegistrationFields,
  registrationFieldErrors,
  typeFromName,
} from '@shared/schemas/registration';

/**
 * The form's check before sending: the shared zod schema the server validates with (so the rules cannot
 * drift) and the shared file rule. Its own chunk with zod, fetched when the farmer first touches the form
 * (RegistrationPage), so that opening /registration does not download zod.
 */
export { MSG_FORM_INVALID, typeFromName };
export { fitPhoto, needsShrinking, tooLargeSizes } from './photo-fit';
export { uploadScan } from './upload-scan';

/** Field errors (first message per field, the file under FileAdhar); empty when the form may be sent. */
export function registrationProblems(body: Record<string, unknown>, file: File | null): Record<string, string> {
  const parsed = RegistrationFields.safeParse(body);
  const found = parsed.success ? {} : registrationFieldErrors(parsed.error);
  const fileProblem = aadhaarFileProblem(file);
  if (fileProblem) found[FILE_FIELD] = fileProblem;
  return found;
}

/**
 * The file rule as soon as a file is chosen: its Hindi message (docs/product-rules.md#registration-form-checks-and-messages),
 * and what is wrong (for a second line).
 */
export function fileIssue(file: File): { message: string; reason: 'size' | 'type' | 'empty' } | null {
  const message = aadhaarFileProblem(file);
  if (!message) return null;
  return { message, reason: file.size > MAX_FILE_BYTES ? 'size' : file.size <= 0 ? 'empty' : 'type' };
}
