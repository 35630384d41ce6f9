import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/**
 * A Y4M video (YUV 4:2:0, the format Chromium's --use-file-for-fake-video-capture reads) of one PNG: the image
 * scaled by whole pixels, centred on a white frame, in grey (U = V = 128), the same frame repeated.
 */
export function pngToY4m(png: Buffer, path: string, o: { width?: number; height?: number; frames?: number } = {}): void {
  const width = o.width ?? 640;
  const height = o.height ?? 480;
  const frames = o.frames ?? 10;
  const image = PNG.sync.read(png);
  const scale = Math.max(1, Math.floor(Math.min((width * 0.8) / image.width, (height * 0.8) / image.height)));
  const w = Math.min(width, image.width * scale);
  const h = Math.min(height, image.height * scale);
  const left = Math.floor((width - w) / 2);
  const top = Math.floor((height - h) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 4;
      const alpha = image.data[i + 3] / 255;
      const grey = 0.299 * image.data[i] + 0.587 * image.data[i + 1] + 0.114 * image.data[i + 2];
      luma[(top + y) * width + left + x] = Math.round(grey * alpha + 255 * (1 - alpha));
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
