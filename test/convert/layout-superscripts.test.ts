// Superscript reference markers: raised, smaller, attached to the word before them. The word stays
// intact and the marker visible as <sup>…</sup>; the marker stays on its word's line even when a
// line of the other column sits at its height (issue 9).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { findReferenceMarkers, isReferenceMarkerAfter } from '../../src/convert/layout/superscripts.js';
import { groupLines } from '../../src/convert/layout/lines.js';
import { runPieces, renderPieces } from '../../src/convert/markdown/inline.js';
import { createLayoutContext, layoutPage } from '../../src/convert/layout/index.js';
import { renderPageMarkdown } from '../../src/convert/markdown/render.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import { words, page } from './fixtures/runs.js';

after(shutdownConvertPool);

/** A marker of `size` set right after `word`, its baseline raised by `raise` points. */
function markerAfter(word: TextRun, text: string, size = 6, raise = 3.5, gap = 0): TextRun {
  const base = word.baseline! - raise;
  return { text, x: word.x + word.width + gap, y: base - 0.8 * size, width: text.length * size * 0.5, height: size, fontSize: size, bold: false, italic: false, monospace: false, baseline: base };
}

test('a raised smaller number, letter or note symbol right after a word is a reference marker', () => {
  const [w] = words('market', 72, 100);
  for (const t of ['20', '3', '1,2', '4–6', '*', '†', 'a']) assert.ok(isReferenceMarkerAfter(w, markerAfter(w, t)), t);
});

test('not a marker: same size, on the baseline, lowered, detached, too long, or without text-layer baselines', () => {
  const [w] = words('market', 72, 100);
  assert.ok(!isReferenceMarkerAfter(w, markerAfter(w, '20', 10)));
  assert.ok(!isReferenceMarkerAfter(w, markerAfter(w, '20', 6, 0)));
  assert.ok(!isReferenceMarkerAfter(w, markerAfter(w, '2', 6, -2)));
  assert.ok(!isReferenceMarkerAfter(w, markerAfter(w, '20', 6, 3.5, 8)));
  assert.ok(!isReferenceMarkerAfter(w, markerAfter(w, '2024 report')));
  const ocr = { ...markerAfter(w, '20'), baseline: undefined };
  assert.ok(!isReferenceMarkerAfter({ ...w, baseline: undefined }, ocr));
});

test('a footnote label opening its line is no reference (nothing precedes it)', () => {
  const note = words('A note in small print.', 80, 700, 8);
  const label = markerAfter({ ...note[0], x: 60, width: 0, fontSize: 10, baseline: note[0].baseline }, '6');
  assert.equal(findReferenceMarkers([label, ...note]).size, 0);
});

test('a footnote\'s own number set raised right before its text joins that line as <sup>, not a paragraph of its own', () => {
  const note = words('Yes, really!', 148, 653, 8);
  // Raised 2.9 pt, 0.2 pt before the text (as LaTeX sets a footnote's number).
  const base = note[0].baseline! - 2.9;
  const label: TextRun = { text: '6', x: 144.9, y: base - 5, width: 2.9, height: 6.2, fontSize: 6.2, bold: false, italic: false, monospace: false, baseline: base };
  assert.equal(findReferenceMarkers([label, ...note]).get(label), note[0]);
  const lines = groupLines([label, ...note]);
  assert.equal(lines.length, 1);
  assert.equal(renderPieces(runPieces(lines[0], false), { styles: true }), '<sup>6</sup>Yes, really!');
  // A letter is no leading marker, and a number set apart is a label of its own (test above).
  assert.equal(findReferenceMarkers([{ ...label, text: 'a' }, ...note]).size, 0);
});

test('runPieces: the word stays whole and the marker is rendered as <sup>', () => {
  const runs = words('the videos or more', 72, 100);
  const more = runs[runs.length - 1];
  const sup = markerAfter(more, '20');
  const after = words('were rented', sup.x + sup.width + 2.5, 100);
  const md = renderPieces(runPieces([...runs, sup, ...after], false), { styles: true });
  assert.equal(md, 'the videos or more<sup>20</sup> were rented');
});

test('a raised numerator before a fraction slash stays a fraction', () => {
  const runs = words('sizes up to', 72, 100);
  const num = markerAfter(runs[2], '3');
  const slash = { ...words('\u20448 inch', num.x + num.width, 100)[0] };
  const md = renderPieces(runPieces([...runs, num, slash], false), { styles: true });
  assert.doesNotMatch(md, /<sup>/);
});

test('an italic word keeps one emphasis pair around word and marker', () => {
  const runs = words('a quoted title', 72, 100, 10, { italic: true });
  const sup = { ...markerAfter(runs[2], '3'), italic: false };
  assert.equal(renderPieces(runPieces([...runs, sup], false), { styles: true }), '*a quoted title<sup>3</sup>*');
});

test('groupLines: a marker joins its word\'s line, not a line of the other column set at its height', () => {
  const left = words('BAT has 15.4% and', 50, 100);
  const sup = markerAfter(left[left.length - 1], '6');
  // The right column's line sits 6 pt higher: between the marker's baseline and its word's.
  const right = words('Elsewhere the prices rose', 320, 94);
  const lines = groupLines([...right, sup, ...left]);
  const lineOfSup = lines.find((l) => l.includes(sup))!;
  assert.ok(left.every((r) => lineOfSup.includes(r)));
  assert.ok(right.every((r) => !lineOfSup.includes(r)));
});

test('page: in two columns the marker stays with its sentence, not a paragraph of its own', () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 12; i++) {
    const line = words(i === 5 ? 'BAT has 15.4% and' : `left column line ${i} of the running text goes on`, 50, 100 + i * 12);
    runs.push(...line);
    if (i === 5) runs.push(markerAfter(line[line.length - 1], '6'));
  }
  for (let i = 0; i < 12; i++) runs.push(...words(`right column line ${i} of the running text goes on`, 320, 94 + i * 12));
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  // (Reading order of the offset columns is tested in layout-regions.test.ts; what matters here is
  // that the marker stays on its word.)
  assert.match(md, /BAT has 15\.4% and<sup>6<\/sup>/);
  assert.doesNotMatch(md, /^6$/m);
});

test('parseDocument: a generated PDF with superscript references keeps each word whole', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const p = doc.addPage([612, 792]);
  // Body text mid-page, one line with two markers; then the footnote at the foot of the page.
  for (let i = 0; i < 6; i++) p.drawText(`The running text of this page goes on in line ${i + 1} of its paragraph.`, { x: 72, y: 520 - i * 14, size: 11, font });
  let x = 72;
  const y = 520 - 6 * 14;
  const put = (text: string, size: number, rise = 0): void => {
    p.drawText(text, { x, y: y + rise, size, font });
    x += font.widthOfTextAtSize(text, size);
  };
  put('Libraries of ten videos or more', 11);
  put('20', 7, 4);
  put(' were rented, which made sense.\u201D', 11);
  put('19', 7, 4);
  put(' Then the case went on.', 11);
  p.drawText('20', { x: 72, y: 124, size: 6, font });
  p.drawText('The figures come from the trade press of the time.', { x: 78, y: 120, size: 8, font });
  const out = await parseDocument(await doc.save(), { pageTimeoutS: 30 });
  const md = out.pages[0];
  assert.match(md, /videos or more<sup>20<\/sup> were rented/);
  assert.match(md, /sense\.\u201D<sup>19<\/sup> Then the case/);
  assert.match(md, /trade press of the time/);
});

test('page: a footnote in small print at the foot of the page, opened by its raised number, is text, not a footer', () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 12; i++) runs.push(...words(`Body line ${i + 1} of the report runs on with enough words to fill it.`, 60, 100 + 14 * i));
  const note = words('Annual Report 2009, section 2.1', 66, 735, 8);
  const base = note[0].baseline! - 2.9;
  runs.push({ text: '16', x: 60, y: base - 5, width: 5.6, height: 6, fontSize: 6, bold: false, italic: false, monospace: false, baseline: base }, ...note);
  runs.push(...words('61', 300, 760, 10));
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  assert.match(md, /<sup>16<\/sup> ?Annual Report 2009, section 2\.1/, md);
});
