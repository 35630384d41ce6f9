import { crc32, deflateSync } from 'node:zlib';
import { env } from './env';

/**
 * QR images of public URLs (bills; the same settings as the lot codes): error correction M, a quiet zone
 * of 2 modules, PNG at the asked width or SVG.
 */
export const QR_OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 2 };

/**
 * Of `qrcode` only its encoder and the renderers' shared sizing and SVG code are taken (about 23 KB): its entry
 * module brings the `pngjs` PNG codec and the terminal and UTF-8 renderers too (56 KB in each bundle that draws
 * QR codes; docs/decisions/0046-signing-without-the-sdk.md). The PNG is written below with node:zlib, from the
 * same pixels the package's PNG renderer drew. Loaded on the first QR image, not when the function starts: most
 * requests to the areas that draw QR codes never draw one.
 */
const qrcode = async () => {
  const [core, utils, svg] = await Promise.all([
    import('qrcode/lib/core/qrcode.js'),
    import('qrcode/lib/renderer/utils.js'),
    import('qrcode/lib/renderer/svg-tag.js'),
  ]);
  // CommonJS modules: their exports are the default export under tsx and in the bundle alike.
  const d = <T>(m: T): T => (m as { default?: T }).default ?? m;
  return { core: d(core), utils: d(utils), svg: d(svg) };
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A square 8-bit greyscale PNG from RGBA pixels that are black or white (the red channel is the grey). */
function greyPng(width: number, rgba: Uint8Array): Buffer {
  const rows = Buffer.alloc((width + 1) * width); // each row: filter type 0, then its pixels
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = rgba[(y * width + x) * 4];
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), deflate, no filter method, no interlace follow as zeros
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An absolute URL on the public site for an app path ('/bill/INV2627-000001'). */
export function publicUrl(path: string): string {
  return `${env().PUBLIC_BASE_URL.replace(/\/$/, '')}${path}`;
}

export async function qrPng(text: string, size: number): Promise<Buffer> {
  const { core, utils } = await qrcode();
  const qr = core.create(text, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel });
  const opts = utils.getOptions({ margin: QR_OPTIONS.margin, width: size });
  const width = utils.getImageWidth(qr.modules.size, opts);
  const rgba = new Uint8Array(width * width * 4);
  utils.qrToImageData(rgba, qr, opts);
  return greyPng(width, rgba);
}

export async function qrSvg(text: string): Promise<string> {
  const { core, svg } = await qrcode();
  return svg.render(core.create(text, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel }), { margin: QR_OPTIONS.margin });
}

/** Headers for an image that never changes for its address (bills and lots are permanent). */
export function qrImageHeaders(fileName: string, o: { download?: boolean; shared: boolean }): Record<string, string> {
  return {
    'cache-control': `${o.shared ? 'public' : 'private'}, max-age=31536000, immutable`,
    'content-disposition': `${o.download ? 'attachment' : 'inline'}; filename="${fileName}"`,
  };
}
