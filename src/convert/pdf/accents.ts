// Accents set as glyphs of their own (issue 9). TeX's OT1 fonts have no accented letters: \"o and
// \'e are an accent glyph (¨, ´) kerned back over the letter, and PDFs made by dvips or pdfTeX from
// them carry that glyph in the text layer before its letter ("st¨oren", "M´etro"), within one text
// item or ending the item before it. A spacing accent directly before a letter inside a word is
// that letter's accent: the two are one accented letter ("stören", "Métro"), as a reader and
// pdftotext read them. Only composable pairs change (NFC gives one character), never fixed-width
// text (code: "~x", "`cmd`"), and the grave, which is also the ASCII backtick, only between letters.
import type { TextRun } from '../layout/types.js';

/** Spacing accents and the combining marks they stand for. */
const COMBINING: Record<string, string> = {
  '\u00a8': '\u0308', // ¨ diaeresis
  '\u00b4': '\u0301', // ´ acute
  '\u02c6': '\u0302', // ˆ circumflex
  '\u02dc': '\u0303', // ˜ tilde
  '\u00af': '\u0304', // ¯ macron
  '\u02d8': '\u0306', // ˘ breve
  '\u02d9': '\u0307', // ˙ dot above
  '\u02da': '\u030a', // ˚ ring
  '\u02dd': '\u030b', // ˝ double acute
  '\u02c7': '\u030c', // ˇ caron
  '\u00b8': '\u0327', // ¸ cedilla
  '\u02db': '\u0328', // ˛ ogonek
  '`': '\u0300', // grave (the ASCII backtick too: only inside a word)
};

const ACCENTS = Object.keys(COMBINING).join('');
/** Any accent glyph: the cheap test before composing. */
const ANY_ACCENT = new RegExp(`[${ACCENTS}]`, 'u');
/** An accent glyph and the letter after it; the lookbehind is checked in code (the grave needs a letter before it). */
const PAIR = new RegExp(`([${ACCENTS}])(\\p{L})`, 'gu');

/** The accented letter, or null when the pair does not compose into one character. */
function compose(accent: string, letter: string): string | null {
  // TeX sets an accented i on a dotless ı (\'{\i}).
  const base = letter === 'ı' ? 'i' : letter;
  const out = (base + COMBINING[accent]).normalize('NFC');
  return [...out].length === 1 ? out : null;
}

/**
 * Accent glyphs composed with the letter after them: "st¨oren" → "stören", "´etude" → "étude". The
 * character before must be a letter or the start of a word (the grave's: a letter), so "\ex˜[]"
 * and "a ´ b" stay as they are.
 */
export function composeAccents(text: string): string {
  if (!ANY_ACCENT.test(text)) return text;
  return text.replace(PAIR, (pair, accent: string, letter: string, offset: number) => {
    const before = offset > 0 ? text[offset - 1] : '';
    const inWord = /\p{L}/u.test(before);
    if (accent === '`' ? !inWord : !inWord && before !== '' && !/[\s(\[{"'‘“«/-]/u.test(before)) return pair;
    return compose(accent, letter) ?? pair;
  });
}

/** The accent glyph ending a run, when it has one (not a grave: a closing backtick). */
function trailingAccent(text: string): string | null {
  const last = text[text.length - 1];
  return last !== '`' && last in COMBINING ? last : null;
}

/**
 * A run's accents composed with their letters, also across runs: a run ending in an accent glyph
 * whose next run on the same baseline starts on or before that glyph's end, with a letter, had
 * the accent kerned back over that letter (dvips splits the text item there). Fixed-width runs
 * are left as they are. Runs in content order, as the text layer gives them.
 */
export function composeSpacingAccents(runs: TextRun[]): TextRun[] {
  const out: Array<TextRun | null> = runs.map((r) => (r.monospace || r.rotated ? r : withText(r, composeAccents(r.text))));
  // A run left with nothing but its accent is dropped after the pass (null), not spliced out in
  // it: a page of many such runs stays linear.
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i];
    const b = out[i + 1];
    if (!a || !b) continue;
    if (a.monospace || b.monospace || a.rotated || b.rotated) continue;
    const accent = trailingAccent(a.text);
    if (!accent || !/^\p{L}/u.test(b.text)) continue;
    const before = a.text.length > 1 ? a.text[a.text.length - 2] : '';
    if (before !== '' && !/[\p{L}\s(\["'‘“«/-]/u.test(before)) continue;
    const size = Math.max(a.fontSize, b.fontSize);
    const sameLine = Math.abs((a.baseline ?? a.y + 0.8 * a.height) - (b.baseline ?? b.y + 0.8 * b.height)) <= 0.3 * size;
    // Kerned back: the letter starts before the accent's run ends (or within a hair of it).
    const kernedBack = b.x <= a.x + a.width + 0.05 * size && b.x >= a.x;
    if (!sameLine || !kernedBack) continue;
    const letter = [...b.text][0];
    const composed = compose(accent, letter);
    if (!composed) continue;
    const rest = a.text.slice(0, -1);
    out[i + 1] = { ...b, text: composed + b.text.slice(letter.length) };
    out[i] = rest.trim() === '' ? null : { ...a, text: rest, width: Math.max(0, Math.min(a.width, b.x - a.x)) };
  }
  return out.filter((r): r is TextRun => r !== null);
}

function withText(r: TextRun, text: string): TextRun {
  return text === r.text ? r : { ...r, text };
}
