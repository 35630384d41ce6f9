import type { TFunction } from 'i18next';
import { ApiError, errorMessage } from './api';

/** A sale refused because the seller's day is closed (docs/decisions/0026-day-close.md). */
export const isDayClosed = (e: unknown): boolean => e instanceof ApiError && e.code === 'DAY_CLOSED';

/** The message of a refused sale for the issue buttons: the closed day in the page's language, else the server's message. */
export function saleRefusalMessage(e: unknown, t: TFunction, fallback: string): string {
  return isDayClosed(e) ? t('dayClose.saleRefused') : errorMessage(e, fallback);
}
