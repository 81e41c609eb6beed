// Tesseract's TSV output (the same from the CLI and from tesseract.js) → word boxes in points.
import type { TextRun } from '../layout/types.js';

export interface OcrWords {
  runs: TextRun[];
  /** Mean confidence of the words, weighted by their length (0..100; 0 when none). */
  meanConfidence: number;
  /** Words that look like language: two or more letters, confidence ≥ 70. */
  wordlike: number;
}

/** A line's box height is about ascender + descender: ~1.2 × the font size. */
const LINE_HEIGHT_PER_FONT_SIZE = 1.2;

/**
 * The TSV of a multi-page reading (one Tesseract process over several images, tiff.ts) cut into one
 * TSV per image, in order, by `page_num` (from 1); an image with no rows gets an empty TSV.
 */
export function splitTsvByPage(tsv: string, pages: number): string[] {
  const rows: string[][] = Array.from({ length: pages }, () => []);
  for (const row of tsv.split('\n')) {
    const page = Number(row.split('\t', 2)[1]);
    if (Number.isInteger(page) && page >= 1 && page <= pages) rows[page - 1].push(row);
  }
  return rows.map((r) => r.join('\n'));
}

export function parseTesseractTsv(tsv: string, pointsPerPixel: number, minConfidence: number): OcrWords {
  const runs: TextRun[] = [];
  const lineHeight = new Map<string, number>();
  let confSum = 0;
  let confWeight = 0;
  let wordlike = 0;
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols.length < 12) continue;
    const level = Number(cols[0]);
    const lineKey = `${cols[2]}.${cols[3]}.${cols[4]}`;
    const [left, top, width, height] = [Number(cols[6]), Number(cols[7]), Number(cols[8]), Number(cols[9])];
    if (level === 4) {
      lineHeight.set(lineKey, height);
      continue;
    }
    if (level !== 5) continue;
    const text = cols.slice(11).join('\t').trim();
    const conf = Number(cols[10]);
    if (!text || !Number.isFinite(conf) || conf < 0) continue;
    const letters = text.replace(/[^\p{L}]/gu, '').length;
    confSum += conf * text.length;
    confWeight += text.length;
    if (letters >= 2 && conf >= 70) wordlike++;
    if (conf < minConfidence) continue;
    const lh = lineHeight.get(lineKey) ?? height;
    runs.push({
      text,
      x: left * pointsPerPixel,
      y: top * pointsPerPixel,
      width: width * pointsPerPixel,
      height: height * pointsPerPixel,
      fontSize: Math.max(1, Math.round((lh * pointsPerPixel / LINE_HEIGHT_PER_FONT_SIZE) * 10) / 10),
      bold: false,
      italic: false,
      monospace: false,
      confidence: Math.round(conf * 10) / 10,
    });
  }
  return { runs, meanConfidence: confWeight > 0 ? confSum / confWeight : 0, wordlike };
}
