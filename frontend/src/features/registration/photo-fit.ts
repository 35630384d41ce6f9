/**
 * Which chosen files are made to fit the scan limit in the browser (docs/product-rules.md#aadhaar-scan-photos).
 * Part of the chunk fetched when the form is first touched (./validate); the code that redraws a photo,
 * ./shrink-photo, is fetched only when such a file is chosen.
 */

/** The scan limit of shared/schemas/registration.ts (zod-free copy; photo-fit.test.ts compares them). */
export const MAX_SCAN_BYTES = 500 * 1024;

/** Photos the browser can redraw as a JPEG. HEIC only decodes where the browser supports it (Safari). */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
const PHOTO_EXTENSIONS = /\.(jpe?g|png|webp|heic|heif)$/i;
/** Kinds the server does not store: always redrawn as a JPEG, whatever their size. */
const CONVERTED_TYPES = ['image/webp', 'image/heic', 'image/heif'];
const CONVERTED_EXTENSIONS = /\.(webp|heic|heif)$/i;

/** A photo over the limit, or of a kind that is only accepted once converted to JPEG. */
export function needsShrinking(file: { name: string; type: string; size: number }): boolean {
  if (file.size <= 0) return false;
  const photo = file.type ? PHOTO_TYPES.includes(file.type) : PHOTO_EXTENSIONS.test(file.name);
  if (!photo) return false;
  const converted = file.type ? CONVERTED_TYPES.includes(file.type) : CONVERTED_EXTENSIONS.test(file.name);
  return converted || file.size > MAX_SCAN_BYTES;
}

/** "12 MB", "1.5 MB", "430 KB": a file size as the farmer reads it (KB rounded up, so 500.2 KB is not "500 KB"). */
export function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** What the "file too large" message names. */
export const tooLargeSizes = (file: { size: number }) => ({ size: formatSize(file.size), max: formatSize(MAX_SCAN_BYTES) });

/** What the "photo made smaller" note names. */
export const shrunkSizes = (from: { size: number }, to: { size: number }) => ({
  from: formatSize(from.size),
  to: formatSize(to.size),
});

/**
 * What the form does at each step of fitting a photo; nothing once another file has been chosen. `refused`:
 * the photo could not be decoded or made to fit (the file rule then says why: too large, or not a kind it takes).
 */
export interface FitSteps {
  current: () => boolean;
  progress: (percent: number | null) => void;
  made: (smaller: File, note: { from: string; to: string }) => void;
  refused: () => void;
  failed: (err: unknown) => void;
}

/** Redraws the photo as a JPEG under the limit, telling `steps`; resolves to the file to send. */
export async function fitPhoto(file: File, steps: FitSteps): Promise<File> {
  steps.progress(0); // the bar shows while the redrawing code is fetched
  try {
    const { shrinkPhoto } = await import('./shrink-photo');
    const made = await shrinkPhoto(file, MAX_SCAN_BYTES, (percent) => steps.current() && steps.progress(percent));
    if (steps.current()) {
      if (made) steps.made(made.file, shrunkSizes(file, made.file));
      else steps.refused();
    }
    return made?.file ?? file;
  } catch (err) {
    if (steps.current()) steps.failed(err);
    return file;
  } finally {
    if (steps.current()) steps.progress(null);
  }
}
