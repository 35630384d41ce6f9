/**
 * Redraws a photo as a JPEG that fits the scan limit (docs/product-rules.md#aadhaar-scan-photos): the long side
 * first at most 2,048 px, the quality lowered step by step, and only then the long side brought down to 1,600 px
 * (never below, nor above the original's), so that the Aadhaar number stays readable. The EXIF orientation
 * is applied, so the result stands as the photo did in the camera's gallery. Fetched on demand by ./photo-fit.
 */

/** The long side tried first, then the smallest one allowed (where the original is that long). */
export const LONG_SIDES = [2048, 1600] as const;
export const QUALITIES = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4] as const;

export interface ShrunkPhoto {
  file: File;
  width: number;
  height: number;
}

/** The sizes to try, largest first: each long side of LONG_SIDES not above the original's, or the original's own. */
export function targetSizes(width: number, height: number): { width: number; height: number }[] {
  const long = Math.max(width, height);
  const sides = [...new Set(LONG_SIDES.map((side) => Math.min(side, long)))];
  return sides.map((side) => ({
    width: Math.max(1, Math.round((width * side) / long)),
    height: Math.max(1, Math.round((height * side) / long)),
  }));
}

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality),
  );
}

/** Lets the page paint the progress between two encodings (each blocks the main thread for a moment). */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The photo as a JPEG of at most `maxBytes`, or null when it cannot be decoded or does not fit even at the
 * smallest size and quality allowed. `onProgress` gets 0–100.
 */
export async function shrinkPhoto(
  file: File,
  maxBytes: number,
  onProgress: (percent: number) => void,
): Promise<ShrunkPhoto | null> {
  onProgress(0);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const sizes = targetSizes(bitmap.width, bitmap.height);
    const steps = sizes.length * QUALITIES.length;
    let step = 0;
    onProgress(10);
    for (const size of sizes) {
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) return null;
      // A transparent PNG's background turns white, not black, in a JPEG.
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, size.width, size.height);
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, size.width, size.height);
      for (const quality of QUALITIES) {
        await nextFrame();
        const blob = await encode(canvas, quality);
        step += 1;
        onProgress(10 + Math.round((90 * step) / steps));
        if (blob.size <= maxBytes) {
          onProgress(100);
          const name = `${file.name.replace(/\.[^.]*$/, '') || 'aadhaar'}.jpg`;
          return { file: new File([blob], name, { type: 'image/jpeg' }), width: size.width, height: size.height };
        }
      }
      canvas.width = 0; // frees the canvas's memory at once on phones
    }
    return null;
  } finally {
    bitmap.close();
  }
}
