/**
 * Stands in (frontend/vite.config.ts) for the libraries jsPDF loads only for features the app does not use:
 * its html() drawing (html2canvas, dompurify) and SVG images (canvg). The letter's PDF is an image made by
 * html-to-image (docs/decisions/0020-letter-pdf.md).
 */
export default undefined;
