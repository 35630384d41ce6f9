import QRCode from 'qrcode';
import { env } from './env';

/**
 * QR images of public URLs (bills; the same settings as the lot codes): error correction M, a quiet zone
 * of 2 modules, PNG at the asked width or SVG.
 */
export const QR_OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 2 };

/** An absolute URL on the public site for an app path ('/bill/INV2627-000001'). */
export function publicUrl(path: string): string {
  return `${env().PUBLIC_BASE_URL.replace(/\/$/, '')}${path}`;
}

export function qrPng(text: string, size: number): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...QR_OPTIONS, type: 'png', width: size });
}

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' });
}

/** Headers for an image that never changes for its address (bills and lots are permanent). */
export function qrImageHeaders(fileName: string, o: { download?: boolean; shared: boolean }): Record<string, string> {
  return {
    'cache-control': `${o.shared ? 'public' : 'private'}, max-age=31536000, immutable`,
    'content-disposition': `${o.download ? 'attachment' : 'inline'}; filename="${fileName}"`,
  };
}
