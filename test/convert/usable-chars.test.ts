// The text-layer check's character tallies (pdf/usable.ts countChars, issue 11): ASCII is classified
// by code for speed; every character must land where the Unicode classes put it, since the counts
// decide whether a page is OCR'd.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countChars, type CharCounts } from '../../src/convert/pdf/usable.js';

/** The definition: one code point at a time, by the Unicode classes. */
function reference(text: string): CharCounts {
  const c: CharCounts = { visible: 0, wordish: 0, odd: 0 };
  for (const ch of text) {
    if (/\s/u.test(ch)) continue;
    c.visible++;
    if (/[\p{L}\p{N}]/u.test(ch)) c.wordish++;
    else if (ch === '\uFFFD' || /[\p{Co}\p{Cc}]/u.test(ch)) c.odd++;
  }
  return c;
}

const counts = (text: string) => {
  const c: CharCounts = { visible: 0, wordish: 0, odd: 0 };
  countChars(text, c);
  return c;
};

test('every ASCII character is counted as the Unicode classes say', () => {
  for (let u = 0; u < 128; u++) {
    const s = String.fromCharCode(u);
    assert.deepEqual(counts(s), reference(s), `U+${u.toString(16)}`);
  }
});

test('mixed text with accents, private use, replacement characters, astral and lone surrogates', () => {
  const pool = ['a', 'Z', '7', ' ', '\t', '\n', '\u0001', '\u007f', '.', 'é', 'ß', 'Ж', '٣', '\u00a0', '\u2003', '\u3000', '\ufeff',
    '\ue000', '\ufffd', '\u0085', '“', '—', '\u{1d400}', '\u{1f600}', '\ud800', '\udc00', '中', '\u0301', '\u200b'];
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  for (let k = 0; k < 500; k++) {
    let s = '';
    const n = next() % 40;
    for (let j = 0; j < n; j++) s += pool[next() % pool.length];
    assert.deepEqual(counts(s), reference(s), JSON.stringify(s));
  }
});
