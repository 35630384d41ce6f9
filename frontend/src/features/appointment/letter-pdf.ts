import { saveBlob } from '@web/lib/save-blob';

/** A4 in millimetres, with the print margins of styles/global.css. */
const A4 = { width: 210, height: 297, margin: 12 } as const;

/**
 * Saves the letter as an A4 PDF: the sheet is drawn to an image by the browser itself (so Hindi is shaped
 * exactly as on screen, with the page's own fonts) and that image is put on one A4 page. Both libraries
 * arrive only when the farmer asks for the PDF (docs/decisions/0020-letter-pdf.md).
 */
export async function saveLetterPdf(sheet: HTMLElement, fileName: string): Promise<void> {
  const [{ toJpeg }, { jsPDF }] = await Promise.all([import('html-to-image'), import('jspdf')]);
  const image = await toJpeg(sheet, { quality: 0.9, pixelRatio: 2, backgroundColor: '#ffffff' });
  const pdf = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  pdf.setProperties({ title: fileName });
  const { width, height } = pdf.getImageProperties(image);
  const room = { width: A4.width - 2 * A4.margin, height: A4.height - 2 * A4.margin };
  const scale = Math.min(room.width / width, room.height / height);
  const left = A4.margin + (room.width - width * scale) / 2;
  pdf.addImage(image, 'JPEG', left, A4.margin, width * scale, height * scale);
  saveBlob(pdf.output('blob'), `${fileName}.pdf`);
}
