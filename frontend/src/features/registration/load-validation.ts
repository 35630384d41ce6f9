import { preloadAlert } from '@web/components/LazyAlert';

/**
 * The shared schema with zod (./validate.ts), the error summary, the scan's status (./ScanStatus) and the
 * error alert's code: fetched when the farmer first touches the form, awaited on Submit, so that every
 * refusal finds the summary loaded.
 */
let validation: Promise<typeof import('./validate')> | undefined;
let summary: typeof import('./ErrorSummary') | undefined;

export function loadValidation() {
  validation ??= Promise.all([
    import('./validate'),
    import('./ErrorSummary').then((m) => {
      summary = m;
    }),
    preloadAlert(),
    import('./ScanStatus'),
  ]).then(
    ([m]) => m,
    (e: unknown) => {
      validation = undefined;
      throw e;
    },
  );
  return validation;
}

/** The error summary once fetched (undefined when the fetch failed: the page then shows the message alone). */
export const loadedSummary = () => summary?.ErrorSummary;
