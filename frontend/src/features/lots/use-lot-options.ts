import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { cropOptions, producerOptions } from './api';

/**
 * The producers and crops of the Lots page's dropdowns (inactive ones too). A failed load keeps what was
 * shown before (nothing at first); `reload` asks again for both.
 */
export function useLotOptions() {
  const producers = useQuery({ queryKey: ['lot-options', 'producers'], queryFn: producerOptions });
  const crops = useQuery({ queryKey: ['lot-options', 'crops'], queryFn: cropOptions });
  const { refetch: refetchProducers } = producers;
  const { refetch: refetchCrops } = crops;
  const reload = useCallback(async () => {
    await Promise.all([refetchProducers(), refetchCrops()]);
  }, [refetchProducers, refetchCrops]);
  return { producers: producers.data ?? [], crops: crops.data ?? [], reload };
}
