import { env } from './env';

/**
 * QR images of public URLs (bills; the same settings as the lot codes): error correction M, a quiet zone
 * of 2 modules, PNG at the asked width or SVG.
 */
export const QR_OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 2 };

/**
 * `qrcode` (with its PNG encoder, about 57 KB) is loaded on the first QR image, not when the function starts:
 * most requests to the areas that draw QR codes (lots, sales) never draw one.
 */
const qrcode = async () => (await import('qrcode')).default;

/** An absolute URL on the public site for an app path ('/bill/INV2627-000001'). */
export function publicUrl(path: string): string {
  return `${env().PUBLIC_BASE_URL.replace(/\/$/, '')}${path}`;
}

export async function qrPng(text: string, size: number): Promise<Buffer> {
  return (await qrcode()).toBuffer(text, { ...QR_OPTIONS, type: 'png', width: size });
}

export async function qrSvg(text: string): Promise<string> {
  return (await qrcode()).toString(text, { ...QR_OPTIONS, type: 'svg' });
}

/** Headers for an image that never changes for its address (bills and lots are permanent). */
export function qrImageHeaders(fileName: string, o: { download?: boolean; shared: boolean }): Record<string, string> {
  return {
    'cache-control': `${o.shared ? 'public' : 'private'}, max-age=31536000, immutable`,
    'content-disposition': `${o.download ? 'attachment' : 'inline'}; filename="${fileName}"`,
  };
}
