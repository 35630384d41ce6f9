import QRCode from 'qrcode';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { QR_OPTIONS, qrPng, qrSvg } from './qr';

/**
 * functions/lib/qr.ts takes only the encoder and renderers' helpers of `qrcode` and writes the PNG itself: the
 * images must be what the whole package draws (same pixels, same SVG), at every size the routes allow.
 */
const TEXTS = [
  'https://d111111abcdef8.cloudfront.net/lot/N01P1-001',
  'https://seeds.example.org/bill/INV2627-000123?t=Zx9_-aB3cD4eF5gH6iJ7kL8mN9oP0qR',
  'https://seeds.example.org/svs/appointment/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
];

describe('QR images', () => {
  it.each(TEXTS.flatMap((t) => [64, 96, 257, 512, 2048].map((size) => [t, size] as const)))(
    'PNG of %s at %i px has the pixels the qrcode package draws',
    async (text, size) => {
      const ours = PNG.sync.read(await qrPng(text, size));
      const theirs = PNG.sync.read(await QRCode.toBuffer(text, { ...QR_OPTIONS, type: 'png', width: size }));
      expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
      expect(ours.width).toBe(size);
      expect(Buffer.compare(ours.data, theirs.data)).toBe(0);
    },
  );

  it.each(TEXTS)('SVG of %s is the qrcode package SVG', async (text) => {
    expect(await qrSvg(text)).toBe(await QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' }));
  });
});
