// Fixtures for the parser's execution tests, generated in code (no binary fixtures in the repo).
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { openPdf } from '../../src/convert/pdf/open.js';
import { renderPagePng } from '../../src/convert/pdf/render.js';

export const ROBUSTNESS_DIR = '../shared/corpus/robustness';

/** A PDF whose pages carry the given lines as real text (Helvetica 14 pt). */
export async function textPdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 72, y: 700 - i * 24, size: 14, font }));
  }
  return doc.save();
}

/** A PNG picture of text (rendered from a text PDF at `dpi`; `grey` ink 0-1, `size` and `pitch` in points), optionally turned upside down. */
export async function textImagePng(lines: string[], opts: { dpi?: number; rotate180?: boolean; grey?: number; size?: number; pitch?: number } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 300]);
  const [size, pitch, grey] = [opts.size ?? 20, opts.pitch ?? 30, opts.grey ?? 0];
  lines.forEach((line, i) => page.drawText(line, { x: 40, y: 250 - i * pitch, size, font, color: rgb(grey, grey, grey) }));
  if (opts.rotate180) page.setRotation(degrees(180));
  const pdf = await openPdf(await doc.save());
  const png = await renderPagePng(await pdf.getPage(1), opts.dpi ?? 200);
  await pdf.destroy();
  return png;
}

/** A scanned-looking PDF: one page that is only a picture of text, no text layer. */
export async function imageOnlyPdf(lines: string[]): Promise<Uint8Array> {
  const png = await textImagePng(lines);
  const doc = await PDFDocument.create();
  const img = await doc.embedPng(png);
  const page = doc.addPage([612, 300]);
  page.drawImage(img, { x: 0, y: 0, width: 612, height: 300 });
  return doc.save();
}

/** A multi-page TIFF whose frames are the given PNGs. */
export async function multiPageTiff(pngs: Uint8Array[]): Promise<Uint8Array> {
  return new Uint8Array(await sharp(pngs.map((p) => Buffer.from(p)), { join: { animated: true } }).tiff().toBuffer());
}

export const sampleLines = ['The quick brown fox jumps over', 'the lazy dog near the river bank'];

/** Words of `text`, lower-cased, for tolerant OCR assertions. */
export function words(text: string): string[] {
  return text.toLowerCase().split(/[^a-z]+/).filter(Boolean);
}
