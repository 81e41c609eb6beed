// OCR-tolerant reading of a scan's Markdown: a word one edit away from a word of the page's truth
// (one character misread, dropped or added: "rnarket", "markct") is taken as that word, so the
// structural properties (order, headings, lists, tables) measure layout rather than spelling.
// The exact share is kept apart (`ocr-words`, properties.ts).
import { normaliseWord } from './tokens.js';

/** Words shorter than this must read exactly: one edit turns a short word into another word. */
export const OCR_TOLERANT_MIN_LENGTH = 4;

/** Levenshtein distance of at most one. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  if (l.length - s.length > 1) return false;
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  // A substitution skips one character of both; an insertion one of the longer.
  return s.length === l.length ? s.slice(i + 1) === l.slice(i + 1) : s.slice(i) === l.slice(i + 1);
}

/** `md` with each word that is one edit from a truth word (and is none itself) replaced by it. */
export function correctOcrWords(md: string, truthWords: string[]): string {
  const truth = new Set(truthWords);
  const byLength = new Map<number, string[]>();
  for (const t of truth) if (t.length >= OCR_TOLERANT_MIN_LENGTH - 1) byLength.set(t.length, [...(byLength.get(t.length) ?? []), t]);
  return md.replace(/[^\s|]+/g, (token) => {
    const w = normaliseWord(token);
    if (w.length < OCR_TOLERANT_MIN_LENGTH || truth.has(w)) return token;
    const near = [w.length - 1, w.length, w.length + 1].flatMap((n) => byLength.get(n) ?? []).find((t) => t.length >= OCR_TOLERANT_MIN_LENGTH && withinOneEdit(w, t));
    if (!near) return token;
    const at = token.toLowerCase().indexOf(w);
    return at < 0 ? near : token.slice(0, at) + near + token.slice(at + w.length);
  });
}
