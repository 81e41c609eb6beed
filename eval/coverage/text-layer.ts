// The words of a PDF's text layer, read with pdf.js getTextContent directly (independent of the
// engine): per page, lines of words with their vertical position, hyphenated line ends rejoined.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
// Accent glyphs set apart (TeX's OT1 "st¨oren") read as their letters, as a reader and pdftotext read them.
import { composeAccents } from '../../src/convert/pdf/accents.js';

export interface LayerLine {
  /** Baseline, points from the top of the page. */
  y: number;
  text: string;
  /** Pieces cut from one baseline share a number (a running head: title, gap, folio). */
  baseline: number;
}

export interface LayerPage {
  height: number;
  lines: LayerLine[];
}

interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/** A gap between items wider than this share of the font size separates words… */
const WORD_GAP_EM = 0.12;
/** …and wider than this, two pieces of text side by side (columns, table cells): separate lines. */
const SEGMENT_GAP_EM = 0.8;

/**
 * Items on one baseline (within half a glyph height) form a line, cut where a wide gap separates
 * columns or cells; within a piece, a gap of an eighth of the size is a space.
 */
export function itemsToLines(items: Item[]): LayerLine[] {
  const sorted = items.filter((i) => i.str.trim() !== '').sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: Array<{ y: number; size: number; items: Item[] }> = [];
  for (const item of sorted) {
    const line = lines.find((l) => Math.abs(l.y - item.y) < Math.max(1, Math.min(l.size, item.size) / 2));
    // Text drawn twice at (nearly) one place, for a fake bold or a shadow, is read once.
    if (line?.items.some((o) => o.str === item.str && Math.abs(o.x - item.x) < item.size * 0.3)) continue;
    if (line) line.items.push(item);
    else lines.push({ y: item.y, size: item.size, items: [item] });
  }
  const out: LayerLine[] = [];
  lines.sort((a, b) => a.y - b.y).forEach((l, baseline) => {
    let text = '';
    let end = -Infinity;
    for (const p of l.items.sort((a, b) => a.x - b.x)) {
      const gap = p.x - end;
      if (text && gap > p.size * SEGMENT_GAP_EM) {
        out.push({ y: l.y, text: composeAccents(text.replace(/\s+/g, ' ').trim()), baseline });
        text = '';
      } else if (text && gap > p.size * WORD_GAP_EM && !text.endsWith(' ') && !p.str.startsWith(' ')) {
        text += ' ';
      }
      text += p.str;
      end = p.x + p.width;
    }
    out.push({ y: l.y, text: composeAccents(text.replace(/\s+/g, ' ').trim()), baseline });
  });
  return out.filter((l) => l.text !== '');
}

/** The page count of a PDF, read with pdf.js. */
export async function countPages(bytes: Uint8Array): Promise<number> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}

/** The text layer of every page, or of the given zero-based pages (ascending), in that order. */
export async function readTextLayer(bytes: Uint8Array, only?: readonly number[]): Promise<LayerPage[]> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: LayerPage[] = [];
    for (const index of only ?? Array.from({ length: doc.numPages }, (_, i) => i)) {
      const page = await doc.getPage(index + 1);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items: Item[] = [];
      for (const it of content.items) {
        if (!('str' in it)) continue;
        // Viewport coordinates (top-left origin, rotation and crop box applied).
        const [x, y] = viewport.convertToViewportPoint(it.transform[4], it.transform[5]);
        items.push({ str: it.str, x, y, width: it.width, size: Math.hypot(it.transform[2], it.transform[3]) || 10 });
      }
      pages.push({ height: viewport.height, lines: itemsToLines(items) });
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
