// Heading levels across pages (issue 9): one face, one level in the whole document, whatever type
// the prose of each page is set in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unifyHeadingLevels } from '../../src/convert/layout/heading-levels.js';
import { MIN_RATIO, rankBelowLarger } from '../../src/convert/layout/headings.js';
import type { Block, PageModel } from '../../src/convert/model.js';

const line = (text: string) => ({ text, bbox: [72, 100, 540, 112] as [number, number, number, number] });
const heading = (text: string, size: number, level: number, bold = true): Block => ({ type: 'heading', bbox: [72, 100, 540, 112], lines: [line(text)], size, bold, italic: false, level });
const prose = (size: number, chars = 600): Block => ({ type: 'paragraph', bbox: [72, 120, 540, 300], lines: [line('x'.repeat(chars))], size, bold: false, italic: false });
const pageOf = (...blocks: Block[]): PageModel => ({ width: 612, height: 792, blocks });
const levels = (pages: PageModel[]) => pages.map((p) => p.blocks.filter((b) => b.type === 'heading').map((b) => b.level));

test('heading levels: a face ranked otherwise on a page of small print takes the level it has on the body pages', () => {
  // 14 pt bold over 10 pt prose is level 2; over 8 pt notes the page rule made it level 1.
  const pages = [
    pageOf(heading('Results', 20, 1), prose(10), heading('Method', 14, 2), prose(10)),
    pageOf(heading('Discussion', 14, 2), prose(10), heading('Limits', 12, 3), prose(10)),
    pageOf(heading('Notes', 14, 1), prose(8), heading('Sources', 12, 2), prose(8)),
  ];
  assert.deepEqual(levels(unifyHeadingLevels(pages)), [[1, 2], [2, 3], [2, 3]]);
});

test('heading levels: a face printed only on an odd page is ranked against the document body', () => {
  // 11 pt bold over 8 pt is level 2 on its page; against the 10 pt body it is a level 3 heading.
  const pages = [pageOf(heading('Intro', 16, 2), prose(10)), pageOf(heading('Scope', 16, 2), prose(10)), pageOf(heading('Glossary', 11, 2), prose(8))];
  assert.deepEqual(levels(unifyHeadingLevels(pages)), [[2], [2], [3]]);
});

test('heading levels: section numbers keep headings of one face apart; other faces are left alone', () => {
  const pages = [
    pageOf(heading('2 Methods', 10, 2), prose(10), heading('2.1 Data', 10, 3), prose(10)),
    pageOf(heading('3 Results', 10, 2), prose(10), heading('3.1 Tables', 10, 3), prose(10)),
  ];
  const out = unifyHeadingLevels(pages);
  assert.deepEqual(levels(out), [[2, 3], [2, 3]]);
  // Nothing changed: the pages are the same objects.
  assert.equal(out[0], pages[0]);
  assert.equal(out[1], pages[1]);
});

test('heading levels: with as many pages in each size, the larger one is the body (notes are set smaller)', () => {
  const pages = [pageOf(heading('Method', 14, 2), prose(10)), pageOf(heading('Notes', 14, 1), prose(8, 3000))];
  assert.deepEqual(levels(unifyHeadingLevels(pages)), [[2], [2]]);
});

test('heading levels: OCR headings keep their page level, and a one-page document keeps its levels', () => {
  const ocr = { ...heading('Scanned', 14, 1), ocr: true };
  const pages = [pageOf(heading('Method', 14, 2), prose(10)), pageOf(heading('Method two', 14, 2), prose(10)), pageOf(ocr, prose(8))];
  assert.deepEqual(levels(unifyHeadingLevels(pages)), [[2], [2], [1]]);
  const one = [pageOf(heading('A', 14, 1), prose(10))];
  assert.equal(unifyHeadingLevels(one)[0], one[0]);
});

test('heading levels: the title ranks above the sections that share its level (a title over its sections)', () => {
  // 17 pt over 11 pt prose and 14.5 pt sections: both within the ratio law's level 2.
  const pages = [
    pageOf(heading('Reading Data in Tables', 17, 2), prose(11), heading('Example 1', 14.5, 2), prose(11)),
    pageOf(heading('Example 2', 14.5, 2), prose(11), heading('Details', 12.5, 3), prose(11)),
  ];
  assert.deepEqual(levels(unifyHeadingLevels(pages)), [[1, 2], [2, 3]]);
  // One page: the same ranking.
  assert.deepEqual(levels(unifyHeadingLevels([pages[0]])), [[1, 2]]);
  // Sizes within rounding of each other keep their own levels.
  const close = [pageOf(heading('Alpha', 14.5, 2), prose(11), heading('2.1 Beta', 14, 3), prose(11))];
  assert.deepEqual(levels(unifyHeadingLevels(close)), [[2, 3]]);
  // A false heading face at the foot of the ranks lifts nothing: levels stay as the ratio law gave them.
  const ranked = [pageOf(heading('Title', 24, 1), prose(12), heading('Section', 18, 2), prose(12), heading('Sub', 14, 3), prose(12), heading('Stray line', 12.9, 3, false), prose(12))];
  assert.deepEqual(levels(unifyHeadingLevels(ranked)), [[1, 2, 3, 3]]);
  // A larger face printed on every page is no title: it keeps the level it shares.
  const chapters = [1, 2, 3].map((i) => pageOf(heading(`Chapter ${i}`, 17, 2), prose(11), heading(`Part ${i}.1`, 14.5, 2), prose(11)));
  assert.deepEqual(levels(unifyHeadingLevels(chapters)), [[2, 2], [2, 2], [2, 2]]);
});

test('over small print, a title clearly larger than the sections ranks alone at level 1; the rest go one level down', () => {
  const h = (level: number, ratio: number, numbered = false) => ({ level, ratio, numbered });
  // A form: 16 pt title, 12 pt sections, 10 pt bold subsections over 7 pt print.
  assert.deepEqual(rankBelowLarger([h(1, 2.29), h(1, 1.71), h(2, 1.43), h(1, 1.71)], MIN_RATIO), [1, 2, 3, 2]);
  // Two level-1 faces of about one size, or numbered headings, keep their levels.
  assert.deepEqual(rankBelowLarger([h(1, 2.0), h(1, 1.8), h(2, 1.4)], MIN_RATIO), [1, 1, 2]);
  assert.deepEqual(rankBelowLarger([h(1, 2.3), h(1, 1.7, true)], MIN_RATIO), [1, 1]);
});

test('heading levels: OCR headings numbered to one depth share the level most of them have, a deeper number a deeper level', () => {
  const ocr = (text: string, size: number, level: number): Block => ({ ...heading(text, size, level), ocr: true });
  // "1.1.4" read a size larger than its siblings; "2.1" ranked with "2" by its estimated size.
  const page = pageOf(
    ocr('1 Scope', 16, 1), ocr('1.1 Terms', 13, 2), ocr('1.1.1 Units', 11, 3), ocr('1.1.2 Names', 11, 3), ocr('1.1.3 Marks', 11, 3), ocr('1.1.4 Codes', 13, 2),
    ocr('2 Method', 16, 1), ocr('2.1 Data', 16, 1), ocr('Annex', 13, 2),
  );
  assert.deepEqual(levels(unifyHeadingLevels([page])), [[1, 2, 3, 3, 3, 3, 1, 2, 2]]);
});
