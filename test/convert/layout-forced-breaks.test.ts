// Line breaks the writer made (issue 9): a line that stopped so far short of the measure that the
// next line's first word would have fitted after it ends where the writer ended it. A question's
// answers, an address, a paragraph's last line before one set flush are lines of their own; a
// ragged-right paragraph, whose lines end short by less than the next word, stays one paragraph.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLayoutContext, layoutPage } from '../../src/convert/layout/index.js';
import { renderPageMarkdown } from '../../src/convert/markdown/render.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import { words, page } from './fixtures/runs.js';

/** A line of prose stretched to the measure 72..540, as justified text is set. */
function fullLine(text: string, y: number): TextRun[] {
  const runs = words(text, 72, y);
  const natural = runs[runs.length - 1].x + runs[runs.length - 1].width - 72;
  const extra = (468 - natural) / Math.max(1, runs.length - 1);
  return runs.map((r, i) => ({ ...r, x: r.x + i * extra }));
}

function md(runs: TextRun[]): string {
  return renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
}

test('paragraphs: lines broken far short of the measure, the next word fitting, are lines of their own', () => {
  const runs = [
    ...fullLine('For this test two questions are printed for each student at random and the answers are', 100),
    ...fullLine('shuffled so that no two students see the same order of answers on their sheets of paper', 112),
    ...words('Which of the following events are taking place during the year 1971?', 72, 124),
    ...words('The Soviet Union launches Salyut 1', 72, 136),
    ...words('The first commercial Concorde flight takes off', 72, 148),
    ...words('Death of Louis Armstrong', 72, 160),
    ...words('Apollo 14 lands on the Moon', 72, 172),
  ];
  const out = md(runs);
  assert.match(out, /\n\nThe Soviet Union launches Salyut 1\n\nThe first commercial Concorde flight takes off\n\nDeath of Louis Armstrong\n\nApollo 14 lands on the Moon$/, out);
});

test('paragraphs: a line short of the measure by less than the next word and two ems stays in its paragraph', () => {
  const second = words('improvements to the procedures followed by the offices in the towns of area', 72, 112);
  const end = second[second.length - 1].x + second[second.length - 1].width;
  // About a quarter of the measure is left, yet the next word (100 pt) and two ems do not fit.
  assert.ok(540 - end > 0.25 * 468 && 540 - end < 100 + 25, String(540 - end));
  const runs = [
    ...fullLine('The committee considered the applications received during the year and recommended', 100),
    ...second,
    ...fullLine('internationalisation of the programme, notably in the documentation of eligibility rules', 124),
    ...fullLine('and in the training of the staff who administer it in the regional offices of the agency', 136),
  ];
  const out = md(runs);
  assert.equal(out.split('\n\n').length, 1, out);
  // A bold title broken over two lines stays one title.
  const title = [...words('Credit Derivatives', 72, 60, 10, { bold: true }), ...words('Markets', 72, 72, 10, { bold: true }), ...runs];
  assert.match(md(title), /Credit Derivatives Markets/);
});

test('paragraphs: a bold phrase starting inside a full line and running on over the break stays in its paragraph', () => {
  const first = fullLine('If you are installing from a package you may skip this section. We strongly urge all of the', 100);
  // The last five words ("strongly urge all of the") are bold, and the whole next line, which goes on in lower case.
  const boldFrom = first.length - 5;
  const runs = [
    ...first.map((r, i) => (i >= boldFrom ? { ...r, bold: true } : r)),
    ...words('distributors, such as vendors, to read this information carefully!', 72, 112, 10, { bold: true }),
    ...fullLine('Installing packages from source requires some level of skill in system administration and', 130),
    ...words('the privileges of the superuser.', 72, 142),
  ];
  const out = md(runs);
  assert.match(out, /^If you are installing[^\n]*We \*\*strongly urge all of the distributors, such as vendors, to read this information carefully!\*\*\n\nInstalling/, out);
  assert.doesNotMatch(out, /^#/m, out);
});

test('paragraphs: a line that happens to open with a citation or an enumerator mid-sentence is no list item', () => {
  const runs = [
    ...fullLine('This documentation describes version 36 of the package (see Pearson and Lipman (1988), PNAS 85,', 100),
    ...fullLine('[19] W. R. Pearson (1996) on protein sequence comparison, and Pearson et al. (1997) Genomics', 112),
    ...words('46:24-36 [20]) with many programs for searching databases.', 72, 124),
  ];
  const out = md(runs);
  assert.doesNotMatch(out, /^- |^\d+\. /m, out);
  assert.match(out, /PNAS 85, \[19\] W\. R\. Pearson/, out);
  // A list introduced by a colon keeps its items, flush or not.
  const list = [
    ...fullLine('The programs offer several advantages over the others that are described in this section:', 100),
    ...words('1. Rigorous algorithms unavailable elsewhere.', 72, 112),
    ...words('2. Better translated alignments.', 72, 124),
  ];
  const listed = md(list);
  assert.match(listed, /^1\. Rigorous algorithms unavailable elsewhere\.\n2\. Better translated alignments\.$/m, listed);
});

test('paragraphs: text set to a narrower measure beside a figure, and OCR lines that lost a word, stay running text', () => {
  // Lines stretched to 72..330 (a figure fills the rest of the column), the paragraph's last line
  // short; lines after the short ones open with capitals, as names do.
  const narrow = (text: string, y: number) => {
    const runs = words(text, 72, y);
    const natural = runs[runs.length - 1].x + runs[runs.length - 1].width - 72;
    const extra = (258 - natural) / Math.max(1, runs.length - 1);
    return runs.map((r, i) => ({ ...r, x: r.x + i * extra }));
  };
  const runaround = [
    ...fullLine('The harbour was rebuilt after the storm of that winter and the new pier opened in spring', 100),
    ...fullLine('when the first boats of the season came in with their catch from the northern banks', 112),
    ...narrow('while the old warehouses along the quay of', 124),
    ...narrow('Castle Street became a market hall and the', 136),
    ...narrow('Museum of the Town and its Fishing', 148),
    ...words('Fleet.', 72, 160),
  ];
  const out = md(runaround);
  assert.equal(out.split('\n\n').length, 1, out);
  // OCR drops a word it cannot make out: a line that lost its last word is no forced break.
  const ocr = (text: string, y: number) => fullLine(text, y).map((r) => ({ ...r, confidence: 90 }));
  const lost = [
    ...ocr('The harbour was rebuilt after the storm of that winter and the new pier opened in spring', 100),
    ...words('when the first boats of the season came in', 72, 112, 10, { confidence: 90 }),
    ...ocr('Whitby with their catch from the northern banks while the old warehouses along the', 124),
    ...ocr('turned into a market hall and a museum of the town and its fishing fleet of the past', 136),
  ];
  const read = renderPageMarkdown(layoutPage(page(lost, { fromOcr: true }), createLayoutContext()));
  assert.equal(read.split('\n\n').length, 1, read);
});
