// Line-end hyphens: a soft break inside a word goes, a compound's hyphen stays (issue 9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { extractPageLayout } from '../../src/convert/pdf/extract.js';
import { createLayoutContext, layoutPageToMarkdown } from '../../src/convert/layout/index.js';
import { keepsLineEndHyphen, pageWords } from '../../src/convert/layout/hyphens.js';

test('hyphens: the page\'s own words tell a compound from a soft break', () => {
  const words = pageWords(['A well-known method and the cooperation of all', 'the co-', 'operation of a well-', 'known']);
  assert.equal(keepsLineEndHyphen('a well-', 'known', words), true);
  assert.equal(keepsLineEndHyphen('the co-', 'operation', words), false);
  assert.equal(keepsLineEndHyphen('the docu-', 'ment', words), false);
  assert.equal(keepsLineEndHyphen('state-of-the-', 'art', words), true);
  // A line's hyphenated last word is not evidence of a compound.
  assert.equal(pageWords(['this is a well-']).plain.has('well'), false);
});

test('hyphens: a compound broken at a line end keeps its hyphen in the Markdown, a soft break does not', async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const lines = [
    'Our results follow a well-known line of work on measurement in the',
    'field, and they rest on the same assumptions as every earlier well-',
    'known study of the subject. Each measure was taken under docu-',
    'mented conditions, with the same instruments throughout the year.',
  ];
  lines.forEach((t, i) => page.drawText(t, { x: 72, y: 700 - 14 * i, size: 11, font }));
  const doc = await getDocument({ data: await pdf.save(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const md = layoutPageToMarkdown(await extractPageLayout(await doc.getPage(1), 0), createLayoutContext());
    assert.match(md, /earlier well-known study/, md);
    assert.match(md, /under documented conditions/, md);
  } finally {
    await doc.destroy();
  }
});
