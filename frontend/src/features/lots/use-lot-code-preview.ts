import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { YEAR_MAX, YEAR_MIN } from '@shared/schemas/lots';
import { previewLotCode } from './api';

export const LOT_CODE_PREVIEW_KEY = ['lot-code-preview'] as const;

/**
 * The code the next lot of this producer, year and kind would get: shown read-only, reserved only when the
 * lot is saved. Empty while producer or year is missing or out of range, or when the preview fails; the
 * previous code stays until the new one arrives. `enabled` false (editing, or a seller) asks nothing.
 */
export function useLotCodePreview(
  producerId: number | undefined,
  year: number | undefined,
  isSubsidized: boolean,
  enabled: boolean,
) {
  const valid = !!producerId && !!year && year >= YEAR_MIN && year <= YEAR_MAX && Number.isInteger(year);
  const query = useQuery({
    queryKey: [...LOT_CODE_PREVIEW_KEY, producerId, year, isSubsidized],
    queryFn: () => previewLotCode(producerId!, year!, isSubsidized),
    enabled: enabled && valid,
    placeholderData: keepPreviousData,
  });
  return valid && !query.isError ? (query.data?.lotCode ?? '') : '';
}
