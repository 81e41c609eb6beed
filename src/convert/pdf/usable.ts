// Does a page carry a real text layer, or must it be OCR'd? A few stamps ("Page 3", a barcode
// number) or a garbage invisible OCR layer do not count.
import type { PageLayoutInput } from '../layout/types.js';
import { MIN_TEXT_LAYER_CHARS } from '../layout/limits.js';

/** Share of the page covered by its largest image above which a page looks scanned. */
const SCAN_IMAGE_SHARE = 0.6;

/** Tallies of a page's characters (whitespace excluded). */
export interface CharCounts {
  visible: number;
  wordish: number;
  odd: number;
}

/**
 * Counts `text`'s characters into `c`: visible (not whitespace), letters and digits, and unreadable
 * ones (U+FFFD, private use, controls). ASCII is classified by code (this runs twice on every page,
 * issue 11: a regular expression per character cost ~5 % of a text page's CPU); other characters by
 * the Unicode classes, one code point at a time as before.
 */
export function countChars(text: string, c: CharCounts): void {
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    if (u < 0x80) {
      if (u === 32 || (u >= 9 && u <= 13)) continue;
      c.visible++;
      if ((u >= 48 && u <= 57) || (u >= 65 && u <= 90) || (u >= 97 && u <= 122)) c.wordish++;
      else if (u < 32 || u === 127) c.odd++;
      continue;
    }
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    const ch = String.fromCodePoint(cp);
    if (/\s/u.test(ch)) continue;
    c.visible++;
    if (/[\p{L}\p{N}]/u.test(ch)) c.wordish++;
    else if (ch === '\uFFFD' || /[\p{Co}\p{Cc}]/u.test(ch)) c.odd++;
  }
}

export function usableTextLayer(input: PageLayoutInput): boolean {
  const c: CharCounts = { visible: 0, wordish: 0, odd: 0 };
  const upright = input.runs.filter((r) => !r.rotated);
  // Dot leaders (tables of contents) are not garbage.
  for (const r of upright) countChars(r.text.replace(/(?:[.…·]\s?){3,}/g, ' '), c);
  const { visible, wordish, odd } = c;
  if (visible < MIN_TEXT_LAYER_CHARS) return false;
  if (odd / visible > 0.1 || wordish / visible < 0.5) return false;
  const pageArea = input.width * input.height;
  const bigImage = input.images.some((b) => b.width * b.height > SCAN_IMAGE_SHARE * pageArea);
  if (!bigImage) return true;
  // Scanned page with an (invisible) OCR layer: keep it only when it reads like text and covers
  // more than a stamp.
  if (visible < 200) return false;
  const tokens: string[] = [];
  for (const r of upright) {
    if (tokens.length >= 2000) break;
    for (const t of r.text.split(/\s+/)) if (t) tokens.push(t);
  }
  const mean = tokens.reduce((s, t) => s + t.length, 0) / Math.max(1, tokens.length);
  const singles = tokens.filter((t) => t.length === 1).length / Math.max(1, tokens.length);
  const vowelless = tokens.filter((t) => t.length > 3 && /^[A-Za-z]+$/.test(t) && !/[aeiouyAEIOUY]/.test(t)).length / Math.max(1, tokens.length);
  return mean >= 2.5 && mean <= 12 && singles < 0.35 && vowelless < 0.15;
}
