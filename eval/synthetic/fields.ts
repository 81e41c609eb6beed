// The `fields` property (forms, issue 9): a pipeline reading a filled form needs every label with
// its value. A field passes when, in the page's Markdown read as one stream of words, the label's
// words are followed at once by the value's words: in the same line or from the next one, nothing
// between them (a value set in a column of values of its own, or a label heading a table column
// over its value, fails). A check box passes when a tick stands right before its label exactly
// when it is ticked (boxes are drawn left of their labels).
import { markdownText, normaliseWord } from './tokens.js';
import type { CaseTruth } from './truth.js';
import type { PropertyResult } from './properties.js';

/** How a converter may write a ticked box or an empty one ('x' typed into the box included). */
const TICKED = /^(?:☒|☑|✓|✔|✗|✘|\[x\]|x)$/iu;
const UNTICKED = /^(?:☐|\[\s?\])$/u;
export const TICK = '\u0000tick';
export const BOX = '\u0000box';

/** The page's words, with tick marks and empty boxes kept as tokens of their own. */
export function fieldTokens(md: string): string[] {
  const out: string[] = [];
  for (const token of markdownText(md).replace(/\[ \]/g, '[]').split(/[\s|]+/)) {
    // Emphasis around a line of options ("**☒ Self employed**") is not part of the tick.
    const raw = token.replace(/^[*_]+|[*_]+$/g, '');
    if (TICKED.test(raw)) out.push(TICK);
    else if (UNTICKED.test(raw)) out.push(BOX);
    else {
      const w = normaliseWord(raw);
      if (w !== '') out.push(w);
    }
  }
  return out;
}

const words = (text: string) => text.split(/\s+/).map(normaliseWord).filter((w) => w !== '');

/** Every index where `seq` starts in `stream`. */
function occurrences(stream: string[], seq: string[]): number[] {
  const at: number[] = [];
  if (seq.length === 0) return at;
  outer: for (let i = 0; i + seq.length <= stream.length; i++) {
    for (let k = 0; k < seq.length; k++) if (stream[i + k] !== seq[k]) continue outer;
    at.push(i);
  }
  return at;
}

export function fields(truth: CaseTruth, pages: string[]): PropertyResult {
  let checked = 0;
  let passed = 0;
  const wrong: string[] = [];
  truth.pages.forEach((page, p) => {
    const stream = fieldTokens(pages[p] ?? '');
    for (const b of page.blocks) {
      if (b.kind === 'field') {
        checked++;
        const label = words(b.label);
        if (occurrences(stream, [...label, ...words(b.value)]).length > 0) passed++;
        else wrong.push(`p${p + 1} "${b.label}" not followed by "${b.value}"${occurrences(stream, label).length === 0 ? ' (label lost)' : ''}`);
      } else if (b.kind === 'check') {
        checked++;
        const at = occurrences(stream, words(b.label));
        const ticked = at.some((i) => stream[i - 1] === TICK);
        if (at.length > 0 && ticked === b.checked) passed++;
        else wrong.push(`p${p + 1} box "${b.label}" ${at.length === 0 ? 'label lost' : b.checked ? 'tick lost' : 'ticked wrongly'}`);
      }
    }
  });
  return { property: 'fields', pass: passed === checked, score: checked === 0 ? 1 : passed / checked, checked, ...(passed === checked ? {} : { diff: wrong.slice(0, 4).join('; ') }) };
}
