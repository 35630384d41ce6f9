import { useQuery } from '@tanstack/react-query';
import type { DayCloseView } from '@shared/schemas/day-close';
import { call } from '@web/lib/api';

/**
 * The signed-in seller's own day of sales today, when it is closed: a sale now would be refused, so Issue says so
 * before the clerk fills it in (docs/product-rules.md#the-counter-says-which-day-it-shows-and-whether-the-sellers-day-is-closed).
 * Null while it is open or cannot be read: a sale on a closed day is refused all the same.
 */
export const OWN_DAY_QUERY = ['day-close', 'own-today'] as const;

export function useOwnDayClosed(): DayCloseView | null {
  const own = useQuery({
    queryKey: OWN_DAY_QUERY,
    queryFn: ({ signal }) => call('GET /api/day-close', { query: { mine: true }, signal }),
    staleTime: 15_000,
  });
  const day = own.data?.items[0];
  return day?.status === 'closed' ? day : null;
}
