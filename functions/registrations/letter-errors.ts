import { AppError, notFound } from '../lib/errors';
import { minutesText, minutesToWait } from '../lib/rate-limit';

/** The refusals a farmer's letter requests share (the letter, find my letter, cancel, My data). */

const LETTER_NOT_FOUND = 'Unable to load appointment. Please check the link.';
export const letterNotFound = () => notFound(`अपॉइंटमेंट नहीं मिला / ${LETTER_NOT_FOUND}`);

/** The refusal once the attempts are used up, with the minutes left in the window. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = minutesToWait(retryAfterSeconds);
  return new AppError(
    'TOO_MANY_REQUESTS',
    `बहुत अधिक प्रयास, कृपया ${minutes} मिनट बाद प्रयास करें / Too many attempts. Please try again in ${minutesText(minutes)}.`,
    { retryAfterSeconds },
  );
}
