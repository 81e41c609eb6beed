// Word coverage of one page: how many of the text layer's words the Markdown holds (multiset), how
// many in order, and how many furniture candidates it left out.
import { formulaCharacters, takeFromFormulas } from './math.js';
import { inOrderCount, markdownText, markdownWords, missingWords, textWords } from '../synthetic/tokens.js';

/** Hyphens inside a word do not count: "well-known" and "well known" differ, "well-known" and "wellknown" not. */
export function unhyphenate(words: string[]): string[] {
  return words.map((w) => w.replace(/[-\u2010\u00ad]/g, '')).filter((w) => w !== '');
}

export interface LayerWords {
  words: string[];
  /** Words that ended a line with a hyphen (the first part of a broken word). */
  heads: Set<number>;
  /** Words that began a line (possibly the rest of a broken word). */
  tails: Set<number>;
}

/**
 * Words of text-layer lines. Lines come in geometric order, not reading order (columns side by
 * side), so a word broken at a line end is not rejoined here: its parts are marked instead.
 */
export function layerWords(lines: string[]): LayerWords {
  const out: LayerWords = { words: [], heads: new Set(), tails: new Set() };
  for (const line of lines) {
    const words = textWords(line);
    const clean = unhyphenate(words);
    if (clean.length === 0) continue;
    out.tails.add(out.words.length);
    if (/\p{L}[-\u2010\u00ad]$/u.test(line.trim())) out.heads.add(out.words.length + clean.length - 1);
    out.words.push(...clean);
  }
  return out;
}

/**
 * Indexes of `want` not found in `have` (multisets). A missing part of a broken word counts as
 * found when an output word begins (first part) or ends (rest) with it.
 */
function missingIndexes(want: LayerWords, have: string[]): number[] {
  const count = new Map<string, number>();
  for (const w of have) count.set(w, (count.get(w) ?? 0) + 1);
  const missing: number[] = [];
  want.words.forEach((w, i) => {
    const n = count.get(w) ?? 0;
    if (n > 0) count.set(w, n - 1);
    else missing.push(i);
  });
  const hasHeads = want.heads.size > 0;
  return missing.filter((i) => {
    const w = want.words[i];
    if (want.heads.has(i) && have.some((h) => h.length > w.length && h.startsWith(w))) return false;
    if (hasHeads && want.tails.has(i) && have.some((h) => h.length > w.length && h.endsWith(w))) return false;
    return true;
  });
}

/**
 * An ordered list item's number is printed text ("155. Specific events…" renders as item 155):
 * it stays a word here, where markdownWords takes list markers for syntax.
 */
export function keepItemNumbers(md: string): string {
  return md.replace(/^(\s{0,12})(\d+)[.)](\s+)/gm, '$1$2$3');
}

export interface PageCoverage {
  /** Right-to-left pages are counted in letters: their text layer holds words in visual pieces. */
  unit: 'words' | 'letters';
  words: number;
  found: number;
  inOrder: number;
  furnitureWords: number;
  /** Furniture candidates' words absent from the Markdown (what a furniture rule took). */
  furnitureTaken: number;
  missing: string[];
}

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;

function letters(text: string): string[] {
  return [...text.normalize('NFKC').toLowerCase()].filter((ch) => /\p{L}|\p{N}/u.test(ch));
}

function isRightToLeft(lines: string[]): boolean {
  const all = letters(lines.join(' '));
  return all.length > 0 && all.filter((ch) => RTL_LETTER.test(ch)).length > all.length / 2;
}

export function pageCoverage(content: string[], furniture: string[], markdown: string): PageCoverage {
  if (isRightToLeft(content)) {
    const want = letters(content.join(' '));
    const have = letters(markdownText(markdown));
    const missing = missingWords(want, have);
    const edge = letters(furniture.join(' '));
    return { unit: 'letters', words: want.length, found: want.length - missing.length, inOrder: inOrderCount(want, have), furnitureWords: edge.length, furnitureTaken: missingWords(edge, missingWords(have, want)).length, missing };
  }
  const want = layerWords(content);
  const have = unhyphenate(markdownWords(keepItemNumbers(markdown)));
  const pool = formulaCharacters(markdown);
  const missing = missingIndexes(want, have).filter((i) => pool.size === 0 || !takeFromFormulas(want.words[i], pool));
  const edge = layerWords(furniture);
  // Furniture words are looked up among the output words the content did not use.
  const rest = missingWords(have, want.words);
  const taken = missingWords(edge.words, rest);
  return {
    unit: 'words',
    words: want.words.length,
    found: want.words.length - missing.length,
    inOrder: inOrderCount(want.words, have),
    furnitureWords: edge.words.length,
    furnitureTaken: taken.length,
    missing: missing.map((i) => want.words[i]),
  };
}
