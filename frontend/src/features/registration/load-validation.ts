import { preloadAlert } from '@web/components/LazyAlert';

/**
 * The shared schema with zod (./validate.ts), the scan's status (./ScanStatus) and the error alert's code:
 * fetched when the farmer first touches the form, awaited on Submit.
 */
let validation: Promise<typeof import('./validate')> | undefined;
export function loadValidation() {
  validation ??= Promise.all([import('./validate'), preloadAlert(), import('./ScanStatus')]).then(
    ([m]) => m,
    (e: unknown) => {
      validation = undefined;
      throw e;
    },
  );
  return validation;
}
