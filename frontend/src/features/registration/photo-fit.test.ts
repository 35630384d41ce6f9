import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@shared/schemas/registration';
import { formatSize, MAX_SCAN_BYTES, needsShrinking } from './photo-fit';
import { targetSizes } from './shrink-photo';

describe('which photos are made to fit', () => {
  it('uses the shared scan limit', () => {
    expect(MAX_SCAN_BYTES).toBe(MAX_FILE_BYTES);
  });

  it('takes JPEG, PNG and WebP photos over the limit, and WebP or HEIC of any size', () => {
    const big = MAX_SCAN_BYTES + 1;
    expect(needsShrinking({ name: 'a.jpg', type: 'image/jpeg', size: big })).toBe(true);
    expect(needsShrinking({ name: 'a.png', type: 'image/png', size: big })).toBe(true);
    expect(needsShrinking({ name: 'IMG_1.HEIC', type: '', size: 1000 })).toBe(true);
    expect(needsShrinking({ name: 'a.webp', type: 'image/webp', size: 1000 })).toBe(true);
    expect(needsShrinking({ name: 'a.jpg', type: 'image/jpeg', size: MAX_SCAN_BYTES })).toBe(false);
  });

  it('leaves PDFs, GIFs, other kinds and empty files to the file rule', () => {
    const big = 12 * 1024 * 1024;
    expect(needsShrinking({ name: 'a.pdf', type: 'application/pdf', size: big })).toBe(false);
    expect(needsShrinking({ name: 'a.gif', type: 'image/gif', size: big })).toBe(false);
    expect(needsShrinking({ name: 'a.docx', type: '', size: big })).toBe(false);
    expect(needsShrinking({ name: 'a.jpg', type: 'image/jpeg', size: 0 })).toBe(false);
  });
});

describe('sizes as the farmer reads them', () => {
  it('gives MB from 1 MB on (one decimal under 10 MB), KB rounded up below', () => {
    expect(formatSize(12 * 1024 * 1024 + 5000)).toBe('12 MB');
    expect(formatSize(1.54 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatSize(500 * 1024)).toBe('500 KB');
    expect(formatSize(430 * 1024 - 100)).toBe('430 KB');
    expect(formatSize(500 * 1024 + 1)).toBe('501 KB');
  });
});

describe('the sizes a photo is redrawn at', () => {
  it('tries a long side of 2,048 px, then 1,600 px, keeping the aspect ratio', () => {
    expect(targetSizes(4000, 3000)).toEqual([
      { width: 2048, height: 1536 },
      { width: 1600, height: 1200 },
    ]);
    expect(targetSizes(3000, 4000)).toEqual([
      { width: 1536, height: 2048 },
      { width: 1200, height: 1600 },
    ]);
  });

  it('never enlarges a smaller photo, and never goes below 1,600 px', () => {
    expect(targetSizes(1800, 900)).toEqual([
      { width: 1800, height: 900 },
      { width: 1600, height: 800 },
    ]);
    expect(targetSizes(1200, 900)).toEqual([{ width: 1200, height: 900 }]);
  });
});
