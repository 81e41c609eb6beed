// Does a page carry a real text layer, or must it be OCR'd? A few stamps ("Page 3", a barcode
// number) or a garbage invisible OCR layer do not count.
import type { PageLayoutInput, TextRun } from '../layout/types.js';
import { MIN_TEXT_LAYER_CHARS } from '../layout/limits.js';

/** Share of the page covered by its largest image above which a page looks scanned. */
const SCAN_IMAGE_SHARE = 0.6;

/** An unreadable character: U+FFFD, private use, a control (a font without a Unicode mapping gives these). */
const UNREADABLE_CHAR = /[\uFFFD\p{Co}\p{Cc}]/u;
const UNREADABLE = new RegExp(UNREADABLE_CHAR.source, 'gu');

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
    else if (UNREADABLE_CHAR.test(ch)) c.odd++;
  }
}

/**
 * A font is garbled when at least this share of its characters are unreadable (controls, private
 * use, U+FFFD)…
 */
const GARBLED_FONT_SHARE = 0.3;
/**
 * …of at least this many different ones. A font without a Unicode mapping gives its glyph codes
 * (\u0002 \u0003 \u0004 …); one mark repeated is a drawn blank ("\u0001 \u0001 …", an exam's
 * answer line), set among readable text.
 */
const GARBLED_DISTINCT = 3;
/** A page is garbled when garbled fonts set more than this share of its characters. */
const GARBLED_PAGE_SHARE = 0.5;

function unreadable(text: string): string[] {
  return [...text.matchAll(UNREADABLE)].map((m) => m[0]).filter((ch) => !/\s/u.test(ch));
}

/** Per font: its characters (visible), how many are unreadable, and of how many kinds. */
function garbledFonts(runs: TextRun[]): { fonts: Set<string | undefined>; garbledChars: number; visible: number } {
  const byFont = new Map<string | undefined, { visible: number; odd: number; kinds: Set<string> }>();
  let visible = 0;
  for (const r of runs) {
    const f = byFont.get(r.fontName) ?? { visible: 0, odd: 0, kinds: new Set<string>() };
    byFont.set(r.fontName, f);
    const n = r.text.replace(/\s/gu, '').length;
    const odd = unreadable(r.text);
    f.visible += n;
    f.odd += odd.length;
    for (const ch of odd) f.kinds.add(ch);
    visible += n;
  }
  const fonts = new Set<string | undefined>();
  let garbledChars = 0;
  for (const [name, f] of byFont) {
    if (f.kinds.size < GARBLED_DISTINCT || f.odd < GARBLED_FONT_SHARE * f.visible) continue;
    fonts.add(name);
    garbledChars += f.visible;
  }
  return { fonts, garbledChars, visible };
}

/**
 * The page's text layer is garbled: most of its characters come from fonts without a usable
 * Unicode mapping (a Type 3 letterhead whose glyphs map to controls: "\u0002\u0003••"). The
 * page's text is then what it shows, not what the layer says (issue 9, no lost text: such a page
 * came out empty, its only lines set aside as a page header). A math font whose delimiters map
 * to controls, among readable text, garbles only itself.
 */
export function garbledTextLayer(input: PageLayoutInput): boolean {
  return garbledFontsOf(input) !== null;
}

/** The garbled fonts of a garbled page (upright text decides), else null. */
function garbledFontsOf(input: PageLayoutInput): Set<string | undefined> | null {
  const g = garbledFonts(input.runs.filter((r) => !r.rotated));
  return g.garbledChars > 0 && g.garbledChars > GARBLED_PAGE_SHARE * g.visible ? g.fonts : null;
}

/**
 * The text-layer runs to keep beside OCR's words: all of them, but on a garbled page none of a
 * garbled font (its other glyphs, "•" for a letter, are as wrong) and none with an unreadable
 * character.
 */
export function runsBesideOcr(input: PageLayoutInput): TextRun[] {
  const fonts = garbledFontsOf(input);
  return fonts === null ? input.runs : input.runs.filter((r) => !fonts.has(r.fontName) && unreadable(r.text).length === 0);
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
