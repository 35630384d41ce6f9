import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedFormCrops } from '../fixtures/registration-helpers';
import { useTestApi } from '../support/integration';
import { newRegistration } from '../support/steps';

/** The letter's QR code: its own link, for the counter to scan (public by the letter's secret code only). */
const { api } = useTestApi();

function decodePng(buf: Buffer): string {
  const png = PNG.sync.read(buf);
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  if (!code) throw new Error('no QR code found in the PNG');
  return code.data;
}

let code = '';

beforeAll(async () => {
  await seedFormCrops();
  const r = await newRegistration(api);
  code = r.uniqueCode;
});

describe('the letter QR code', () => {
  it("encodes the letter's own link, kept by the reader's browser only", async () => {
    const r = await api.call('GET', `/svsregistration/AppointmentList/${code}/qrcode.png`);
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(r.headers.get('cache-control')).toMatch(/^private, /);
    expect(decodePng(r.buffer)).toBe(`${process.env.PUBLIC_BASE_URL}/svs/appointment/${code}`);
    const small = await api.call('GET', `/svsregistration/AppointmentList/${code}/qrcode.png`, { query: { size: 96 } });
    expect(PNG.sync.read(small.buffer).width).toBe(96);
  });

  it('answers 404 for an unknown or malformed code and 400 for a bad size, never a 5xx', async () => {
    const unknown = 'A'.repeat(code.length);
    const replies = await Promise.all([
      api.call('GET', `/svsregistration/AppointmentList/${unknown}/qrcode.png`),
      api.call('GET', '/svsregistration/AppointmentList/%27%3B--/qrcode.png'),
      api.call('GET', `/svsregistration/AppointmentList/${code}/qrcode.png`, { query: { size: 'x' } }),
      api.call('GET', `/svsregistration/AppointmentList/${code}/qrcode.png`, { query: { size: 5000 } }),
    ]);
    expect(replies.map((r) => r.status)).toEqual([404, 404, 400, 400]);
  });
});
