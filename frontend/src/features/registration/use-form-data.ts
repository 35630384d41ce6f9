import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { District } from '@shared/districts';
import type { FormPageData } from '@shared/form-page';
import type { CropDropdownItem } from '@shared/schemas/crops';
import { isFormOpen, loadCrops, takeKnownOpen } from './api';
import { formNotice, keepNotice, noticeReady, type Notice } from './notice';

/**
 * What the registration form shows besides what is typed: whether registrations are open, the crops, the notice
 * above the consent box and the districts. The form's own page (`page`, ./takeover) brings the first three; else
 * its route has waited for the switch and the notice (RegistrationPage's formReady) and the crops are fetched
 * when it shows (with Try again). The districts are fetched after the first paint.
 */
export function useFormData(page: FormPageData | undefined) {
  const [open, setOpen] = useState<boolean | null>(() => page?.open ?? takeKnownOpen() ?? null);
  const [crops, setCrops] = useState<CropDropdownItem[]>(() => page?.crops ?? []);
  const [cropsState, setCropsState] = useState<'loading' | 'ready' | 'failed'>(page ? 'ready' : 'loading');
  /** The notice above the consent box: the page's, or fetched before the form showed (./notice). */
  const [notice, setNotice] = useState<Notice | undefined>(() => (page ? keepNotice(page.notice) : formNotice()));
  const mounted = useRef(true);
  /** Fetched after the first paint (the empty form does not need it); until then the district field shows its value as it is. */
  const [districts, setDistricts] = useState<{ list: readonly District[]; otherNames: readonly (readonly [string, string])[] }>({
    list: [],
    otherNames: [],
  });
  /** Loads the crop list; a failure is said so, with Try again (and it is tried again when the phone is back online). */
  const fetchCrops = useCallback(() => {
    setCropsState('loading');
    loadCrops().then(
      (items) =>
        mounted.current &&
        startTransition(() => {
          setCrops(items);
          setCropsState('ready');
        }),
      (e: unknown) => {
        console.error('crop list could not be loaded', e);
        if (mounted.current) setCropsState('failed');
      },
    );
  }, []);

  useEffect(() => {
    if (cropsState !== 'failed') return;
    window.addEventListener('online', fetchCrops);
    return () => window.removeEventListener('online', fetchCrops);
  }, [cropsState, fetchCrops]);

  /** What the form opened without: asked for once it shows. */
  const missing = useRef({ open: open === null, crops: cropsState === 'loading' });
  useEffect(() => {
    let live = true;
    // Transitions: the form re-renders in short slices, not in one long task on a slow phone.
    // Asked each time the form opens (it may have closed since), unless its page or its route has just said it.
    if (missing.current.open) void isFormOpen().then((v) => live && startTransition(() => setOpen(v)));
    mounted.current = true;
    if (missing.current.crops) fetchCrops();
    import('./district-list').then(
      (m) => live && startTransition(() => setDistricts({ list: m.UP_DISTRICTS, otherNames: m.OTHER_NAMES })),
      (e: unknown) => console.error('district list could not be loaded', e),
    );
    return () => {
      live = false;
      mounted.current = false;
    };
  }, [fetchCrops]);

  useEffect(() => {
    let live = true;
    if (notice === undefined) void noticeReady().then((n) => live && setNotice(n));
    return () => {
      live = false;
    };
  }, [notice]);

  return { open, setOpen, crops, cropsState, retryCrops: fetchCrops, notice, districts };
}
