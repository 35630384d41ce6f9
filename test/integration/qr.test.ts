import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPost, createProducerCropLot } from '../fixtures/catalogue';
import { useTestApi } from '../support/integration';

const { api, tokens } = useTestApi('admin', 'seller');
let lot: { lotID: number; lotCode: string };

beforeAll(async () => {
  lot = (
    await createProducerCropLot(adminPost(api, tokens.admin), {
      producer: { name: 'QR Producer', aadhaarNumber: '612345678904' },
      crop: { cropName: 'QR Crop' },
      lot: { quantityAvailable: 500, pricePerUnit: 35, isSubsidized: true },
    })
  ).lot;
});

function decodePng(buf: Buffer): { text: string; width: number; height: number } {
  const png = PNG.sync.read(buf);
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  if (!code) throw new Error('no QR code found in the PNG');
  return { text: code.data, width: png.width, height: png.height };
}

/**
 * Renders the qrcode package's SVG (a white square plus one dark path of 1-module-high horizontal runs:
 * "M x y.5 h n m dx dy h n ...") into a bitmap and decodes it.
 */
function decodeSvg(svg: string): string {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  if (!size) throw new Error('SVG has no square viewBox');
  const d = /<path[^>]*stroke="[^"]+"[^>]*d="([^"]+)"/.exec(svg)?.[1] ?? /<path[^>]*d="([^"]+)"[^>]*stroke=/.exec(svg)?.[1];
  if (!d) throw new Error('SVG has no dark path');
  const dark = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  let x = 0;
  let y = 0;
  for (const [, cmd, args] of d.matchAll(/([MmHhVv])([^MmHhVv]*)/g)) {
    const n = args
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (cmd === 'M') [x, y] = n;
    else if (cmd === 'm') [x, y] = [x + n[0], y + n[1]];
    else if (cmd === 'h' || cmd === 'H') {
      const to = cmd === 'h' ? x + n[0] : n[0];
      for (let cx = Math.min(x, to); cx < Math.max(x, to); cx++) dark[Math.floor(y)][cx] = true;
      x = to;
    } else throw new Error(`unexpected path command ${cmd}`);
  }
  const scale = 8;
  const png = new PNG({ width: size * scale, height: size * scale });
  for (let py = 0; py < png.height; py++) {
    for (let px = 0; px < png.width; px++) {
      const v = dark[Math.floor(py / scale)][Math.floor(px / scale)] ? 0 : 255;
      const i = (py * png.width + px) * 4;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = v;
      png.data[i + 3] = 255;
    }
  }
  return decodePng(PNG.sync.write(png)).text;
}

const publicUrl = () => `${api.url}/lot/${lot.lotCode}`;

describe('lot QR codes', () => {
  it('PNG encodes the public lot URL at the default size of 512', async () => {
    const r = await api.call('GET', `/api/lots/${lot.lotID}/qrcode.png`, { token: tokens.admin });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(r.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(r.headers.get('content-disposition')).toBe(`inline; filename="lot-${lot.lotCode}.png"`);
    const decoded = decodePng(r.buffer);
    expect(decoded.text).toBe(publicUrl());
    expect(decoded.width).toBe(512);
  });

  it('PNG honours size and the download flag; sellers may fetch it', async () => {
    const r = await api.call('GET', `/api/lots/${lot.lotID}/qrcode.png`, {
      token: tokens.seller,
      query: { size: 256, download: 1 },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="lot-${lot.lotCode}.png"`);
    const decoded = decodePng(r.buffer);
    expect(decoded.width).toBe(256);
    expect(decoded.text).toBe(publicUrl());
  });

  it.each([
    [{ size: 63 }, 'size must be at least 64'],
    [{ size: 2049 }, 'size must be at most 2048'],
    [{ size: 'big' }, 'size must be a number'],
  ])('PNG refuses %o', async (query, message) => {
    const r = await api.call('GET', `/api/lots/${lot.lotID}/qrcode.png`, { token: tokens.admin, query });
    expect(r.status).toBe(400);
    expect(r.json.message).toContain(message);
  });

  it('staff SVG encodes the same URL, with the download flag', async () => {
    const r = await api.call('GET', `/api/lots/${lot.lotID}/qrcode.svg`, { token: tokens.admin, query: { download: 'true' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="lot-${lot.lotCode}.svg"`);
    expect(decodeSvg(r.text)).toBe(publicUrl());
  });

  it('public SVG by code needs no token and may be cached by anyone', async () => {
    const r = await api.call('GET', `/api/lots/by-code/${lot.lotCode}/qrcode.svg`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(r.headers.get('content-disposition')).toBe(`inline; filename="lot-${lot.lotCode}.svg"`);
    expect(decodeSvg(r.text)).toBe(publicUrl());
    const missing = await api.call('GET', '/api/lots/by-code/N01P1-001/qrcode.svg');
    expect(missing.status).toBe(404);
  });

  it('the staff images need a token', async () => {
    expect((await api.call('GET', `/api/lots/${lot.lotID}/qrcode.png`)).status).toBe(401);
    expect((await api.call('GET', `/api/lots/${lot.lotID}/qrcode.svg`)).status).toBe(401);
  });
});
