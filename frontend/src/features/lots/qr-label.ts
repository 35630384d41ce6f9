/**
 * The downloaded QR images carry the lot code printed under the code, so a printed sticker can be read by
 * people too. The server draws the bare code (the same image the public page shows); the label is added here.
 */

/** The code's band below the QR: this share of the image's width. */
const BAND = 0.16;

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The QR SVG made taller by a white band with the lot code centred in it. */
export function labelQrSvg(svg: string, lotCode: string): string {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  const box = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  if (box.length !== 4 || box.some((n) => !Number.isFinite(n))) throw new Error('QR image without a viewBox');
  const [x, y, width, height] = box;
  // Whole modules, so the viewBox stays in whole numbers like the code's own.
  const band = Math.ceil(width * BAND);
  root.setAttribute('viewBox', `${x} ${y} ${width} ${height + band}`);
  if (root.hasAttribute('width') && root.hasAttribute('height')) {
    const w = Number.parseFloat(root.getAttribute('width')!);
    root.setAttribute('height', String((w * (height + band)) / width));
  }
  const background = doc.createElementNS(SVG_NS, 'rect');
  for (const [k, v] of Object.entries({ x, y: y + height, width, height: band, fill: '#ffffff' })) {
    background.setAttribute(k, String(v));
  }
  const text = doc.createElementNS(SVG_NS, 'text');
  const attrs = {
    x: x + width / 2,
    y: y + height + band * 0.55,
    'text-anchor': 'middle',
    'dominant-baseline': 'middle',
    'font-family': 'monospace',
    'font-weight': 'bold',
    'font-size': Math.round(band * 0.6 * 100) / 100,
    fill: '#000000',
  };
  for (const [k, v] of Object.entries(attrs)) text.setAttribute(k, String(v));
  text.textContent = lotCode;
  root.append(background, text);
  return new XMLSerializer().serializeToString(doc);
}

/** The QR PNG drawn on a taller canvas with the lot code in a white band below it. */
export async function labelQrPng(png: Blob, lotCode: string): Promise<Blob> {
  const image = await createImageBitmap(png);
  const { width, height } = image;
  const band = Math.round(width * BAND);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height + band;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no canvas');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(image, 0, 0);
  image.close();
  g.fillStyle = '#000000';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  // As large as fits: about 60 % of the band, narrower for long codes.
  const size = Math.min(band * 0.6, (canvas.width * 0.9) / (lotCode.length * 0.62));
  g.font = `bold ${Math.floor(size)}px monospace`;
  g.fillText(lotCode, width / 2, height + band * 0.45);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG could not be made'))), 'image/png'),
  );
}
