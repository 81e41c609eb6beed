// Tesseract's TSV output (the same from the CLI and from tesseract.js) → word boxes in points.
import type { TextRun } from '../layout/types.js';
import { lineFontSize, type LineWord } from './line-size.js';
import { median } from '../layout/order-stats.js';

export interface OcrWords {
  runs: TextRun[];
  /** Mean confidence of the words, weighted by their length (0..100; 0 when none). */
  meanConfidence: number;
  /** Words that look like language: two or more letters, confidence ≥ 70. */
  wordlike: number;
  /** The line of each run (an ordinal per Tesseract line), parallel to `runs`. */
  lineOf: number[];
}


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

/** A "line" whose box is this many of its words' heights tall, its words in no common band, is several lines. */
const BROKEN_LINE_HEIGHTS = 1.8;

export function parseTesseractTsv(tsv: string, pointsPerPixel: number, minConfidence: number): OcrWords {
  const runs: TextRun[] = [];
  const lineHeight = new Map<string, number>();
  /** Each line's words (kept or not: all of its letters are in its box). */
  const lineWords = new Map<string, LineWord[]>();
  const runLine: string[] = [];
  const lineOrdinal = new Map<string, number>();
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
    const words = lineWords.get(lineKey);
    const word = { text, height: height * pointsPerPixel };
    if (words) words.push(word);
    else lineWords.set(lineKey, [word]);
    if (conf < minConfidence) continue;
    runLine.push(lineKey);
    if (!lineOrdinal.has(lineKey)) lineOrdinal.set(lineKey, lineOrdinal.size);
    runs.push({
      text,
      x: left * pointsPerPixel,
      y: top * pointsPerPixel,
      width: width * pointsPerPixel,
      height: height * pointsPerPixel,
      fontSize: 0,
      bold: false,
      italic: false,
      monospace: false,
      confidence: Math.round(conf * 10) / 10,
    });
  }
  // A line's size from its box and the ink its letters span (line-size.ts), once its words are known.
  const lineSize = new Map<string, number>();
  for (const [key, words] of lineWords) {
    const box = lineHeight.get(key);
    if (box !== undefined) lineSize.set(key, lineFontSize(box * pointsPerPixel, words));
  }
  // Tesseract sometimes takes a column of item numbers ("1." over "2.") for one line: its box
  // then spans them all and sized each as large type (they were lost). A line whose words share
  // no height band, its box several words tall, is no line: each word is sized by its own box.
  const bands = new Map<string, { top: number; bottom: number; heights: number[] }>();
  runs.forEach((r, i) => {
    const b = bands.get(runLine[i]);
    if (b) {
      b.top = Math.max(b.top, r.y);
      b.bottom = Math.min(b.bottom, r.y + r.height);
      b.heights.push(r.height);
    } else bands.set(runLine[i], { top: r.y, bottom: r.y + r.height, heights: [r.height] });
  });
  const broken = new Set([...bands].filter(([key, b]) => b.top >= b.bottom && (lineHeight.get(key) ?? 0) * pointsPerPixel > BROKEN_LINE_HEIGHTS * median(b.heights)).map(([key]) => key));
  runs.forEach((r, i) => {
    const size = (broken.has(runLine[i]) ? undefined : lineSize.get(runLine[i])) ?? lineFontSize(r.height, [r]);
    r.fontSize = Math.max(1, Math.round(size * 10) / 10);
  });
  return { runs, meanConfidence: confWeight > 0 ? confSum / confWeight : 0, wordlike, lineOf: runLine.map((key) => lineOrdinal.get(key)!) };
}
