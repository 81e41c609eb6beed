// Words as a reader compares them: case, Markdown emphasis and escapes, surrounding punctuation
// and an attached footnote marker ("market1", "market^1") do not make a word different.

const MARKUP = /[*_`~\\^{}$]/g;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const ATTACHED_MARKER = /^(\p{L}{2,})[.,;:]?(\d{1,3}(?:[,\u2013-]\d{1,3})*)$/u;

export function normaliseWord(raw: string): string {
  return raw.normalize('NFKC').toLowerCase().replace(MARKUP, '').replace(EDGE_PUNCTUATION, '');
}

/** The words of plain text; a marker attached to a word ("market1", "market.1") is a word of its own. */
export function textWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[\s|]+/)) {
    const w = normaliseWord(raw);
    const m = ATTACHED_MARKER.exec(w);
    if (m) out.push(m[1], m[2]);
    else if (w !== '') out.push(w);
  }
  return out;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** HTML a converter writes into Markdown; other text in angle brackets ("<table name>") is text. */
const HTML_TAG = /<\/?(table|thead|tbody|tr|td|th|br|sup|sub|b|i|em|strong|span|div|p|img|a|u|s|code|pre|ul|ol|li|hr|caption)\b[^>]*>/gi;

/** Markdown (with HTML tables) reduced to its text: tags, entities, link targets and markers removed. */
export function markdownText(md: string): string {
  return md
    .replace(HTML_TAG, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e])
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,12}(#{1,6}|>|[-*+•–]|\d+[.)]|[a-z][.)])\s+/gm, ' ')
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, ' ');
}

export function markdownWords(md: string): string[] {
  return textWords(markdownText(md));
}

/**
 * Length of the longest common subsequence of two word lists: how many of `truth`'s words appear
 * in `output` in the same order. O(n·m) time, O(m) memory.
 */
export function inOrderCount(truth: string[], output: string[]): number {
  if (truth.length === 0 || output.length === 0) return 0;
  let prev = new Uint32Array(output.length + 1);
  let cur = new Uint32Array(output.length + 1);
  for (let i = 1; i <= truth.length; i++) {
    const t = truth[i - 1];
    for (let j = 1; j <= output.length; j++) {
      cur[j] = t === output[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[output.length];
}

/** Truth words missing from the output, counted as multisets (order ignored). */
export function missingWords(truth: string[], output: string[]): string[] {
  const have = new Map<string, number>();
  for (const w of output) have.set(w, (have.get(w) ?? 0) + 1);
  const missing: string[] = [];
  for (const w of truth) {
    const n = have.get(w) ?? 0;
    if (n > 0) have.set(w, n - 1);
    else missing.push(w);
  }
  return missing;
}
