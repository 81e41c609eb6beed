// Type size of an OCR line from its line box and the letters it holds. Tesseract's line box is as
// tall as the line's ink, and a size of that box over 1.2 is right for a line reaching both
// ascender and descender (most body lines). A line without a "g", "p" or "y" spans
// only ~0.7 em: a heading in capitals measured a third smaller than it is, so one set 1.6× the body
// read 1.26× (lost), and a wrapped body line without descenders read as smaller print (its
// paragraph, or list item, split there). The line's letters say how much of the em its box spans.
// Word boxes are not used: on a noisy or skewed page Tesseract stretches some of them over two or
// three lines, while its line box stays the line's.
import { median } from '../layout/order-stats.js';

/** Ascender and cap height, a "t", x-height, descender and a comma's tail (em; Helvetica/Times average). */
const ASCENDER_EM = 0.7;
const T_EM = 0.62;
const X_HEIGHT_EM = 0.49;
const DESCENDER_EM = 0.21;
const COMMA_EM = 0.15;
/** The extent a line box over 1.2 stands for: body lines keep their size, and em-based layout rules their scale. */
const FULL_LINE_EM = ASCENDER_EM + DESCENDER_EM;
const BOX_PER_SIZE = 1.2;

const TALL = /[\p{Lu}\p{N}bdfhklij'"?!%&#@/\\()[\]{}|\u00DF-\u00FF]/u;
const DESCENDING = /[gjpqy()[\]{}|µ\u00E7]/u;
const TAILED = /[,;]/;
const HAS_GLYPHS = /[\p{L}\p{N}]/u;

/** How far above the baseline a word's ink reaches (em; 0: no letters or digits). */
function topEm(text: string): number {
  if (!HAS_GLYPHS.test(text)) return 0;
  return TALL.test(text) ? ASCENDER_EM : text.includes('t') ? T_EM : X_HEIGHT_EM;
}

/** How far below the baseline a word's ink reaches (em). */
function bottomEm(text: string): number {
  if (!HAS_GLYPHS.test(text)) return 0;
  return DESCENDING.test(text) ? DESCENDER_EM : TAILED.test(text) ? COMMA_EM : 0;
}

/** How many ems of ink a line spans, from its highest word's top to its lowest word's bottom (0: no letters). */
export function lineInkExtentEm(words: Array<{ text: string }>): number {
  return Math.max(0, ...words.map((w) => topEm(w.text))) + Math.max(0, ...words.map((w) => bottomEm(w.text)));
}

export interface LineWord {
  text: string;
  /** The word's box height. */
  height: number;
}


/**
 * Words measuring the line this much smaller than its box say the box is stretched. Body lines of a
 * real scan (UNLV magazine page) measure 0.85-1.06 of their boxes by their words, so the words are
 * not taken over the box for less: they would split paragraphs at lines they measure small.
 */
const STRETCHED_BOX = 0.8;

/**
 * The font size (in the boxes' unit) of a line whose box is `boxHeight` tall: the box over the ems
 * its letters span together, unless the words' median of each box over the ems its own letters
 * span is clearly smaller. Either box can be stretched: Tesseract draws a line box over a figure or
 * a number set beside it (then the words hold the glyphs), and some word boxes over two or three
 * lines of a noisy or skewed page (the line box is then the smaller).
 */
export function lineFontSize(boxHeight: number, words: LineWord[]): number {
  const lineEm = lineInkExtentEm(words);
  const byLine = lineEm > 0 ? (boxHeight / lineEm) * FULL_LINE_EM : boxHeight;
  const perWord = words.flatMap((w) => {
    const em = topEm(w.text) + bottomEm(w.text);
    return em > 0 && w.height > 0 ? [(w.height / em) * FULL_LINE_EM] : [];
  });
  const byWords = perWord.length > 0 ? median(perWord) : byLine;
  return (byWords < STRETCHED_BOX * byLine ? byWords : byLine) / BOX_PER_SIZE;
}
