/**
 * The parts of the `qrcode` package functions/lib/qr.ts loads (its encoder and two renderers), which the
 * package's own types do not declare: only the names and fields used there.
 */
declare module 'qrcode/lib/core/qrcode.js' {
  export interface QrData {
    modules: { size: number; data: Uint8Array };
  }
  export function create(text: string, options: { errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H' }): QrData;
}

declare module 'qrcode/lib/renderer/utils.js' {
  import type { QrData } from 'qrcode/lib/core/qrcode.js';
  export interface RenderOptions {
    width?: number;
    margin: number;
  }
  export interface ResolvedOptions {
    __resolved: true;
  }
  export function getOptions(options: RenderOptions): ResolvedOptions;
  export function getImageWidth(qrSize: number, options: ResolvedOptions): number;
  export function qrToImageData(imageData: Uint8Array, qr: QrData, options: ResolvedOptions): void;
}

declare module 'qrcode/lib/renderer/svg-tag.js' {
  import type { QrData } from 'qrcode/lib/core/qrcode.js';
  import type { RenderOptions } from 'qrcode/lib/renderer/utils.js';
  export function render(qr: QrData, options: RenderOptions): string;
}
