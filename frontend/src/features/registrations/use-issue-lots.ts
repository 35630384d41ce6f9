import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sameCrop, type CropRules } from '@shared/crop-rules';
import type { LotForCrop } from '@shared/schemas/lots';
import type { RegistrationRow } from '@shared/schemas/registration';
import { call, errorMessage } from '@web/lib/api';

const cropChoices = () => call('GET /api/crops/dropdown', { query: { includeInactive: true } });
const lotsForCrop = (cropId: number) => call('GET /api/lots/for-crop', { query: { cropId } });

export interface IssueLots {
  /** The registration's crop in the catalogue: undefined while loading, null when there is none. */
  crop: { id: number; rules: CropRules | null } | null | undefined;
  /** The crop's lots that still have stock: null while loading, empty when none (or loading failed). */
  lots: LotForCrop[] | null;
  /** Why the crop or its lots could not be loaded ('' when they could). */
  loadError: string;
}

/** The registration's crop (by id, or by name for registrations made before ids) and its lots with stock. */
export function useIssueLots(row: RegistrationRow): IssueLots {
  const { t } = useTranslation();
  const cropQuery = useQuery({
    queryKey: ['issue-seeds-crop', row.cropId, row.cropName],
    queryFn: async () =>
      (await cropChoices()).find((c) => (row.cropId ? c.id === row.cropId : sameCrop(c.name, row.cropName))) ?? null,
  });
  const crop = cropQuery.data;
  const lotsQuery = useQuery({
    queryKey: ['issue-seeds-lots', crop?.id],
    queryFn: () => lotsForCrop(crop!.id),
    enabled: !!crop,
    select: (list) => list.filter((l) => l.remaining > 0),
  });
  const failed = cropQuery.error ?? lotsQuery.error;
  return {
    crop,
    lots: cropQuery.isError || crop === null || lotsQuery.isError ? [] : (lotsQuery.data ?? null),
    loadError: failed ? errorMessage(failed, t('common.failedToLoad')) : '',
  };
}
