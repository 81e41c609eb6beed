// The forms family (eval/synthetic/families/forms.ts) and its `fields` property: the truth holds
// every word drawn plus the values held only by AcroForm widgets, a faithful Markdown passes, and
// a value moved away from its label, a label heading a column of values, or a lost tick fails.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { generateCase } from '../../eval/synthetic/cases.js';
import { runCase } from '../../eval/synthetic/convert.js';
import { shutdownConvertPool } from '../../src/convert/index.js';
import { checkCase, type Property } from '../../eval/synthetic/properties.js';
import { textWords } from '../../eval/synthetic/tokens.js';
import { blockText, type CaseTruth, type TruthBlock } from '../../eval/synthetic/truth.js';
import { idealBlocks, idealMarkdown } from './ideal-markdown.js';

after(() => shutdownConvertPool());

const verdict = (truth: CaseTruth, pages: string[], property: Property) => checkCase(truth, pages).find((r) => r.property === property)!;

/** Words of each page's text layer plus the values of its form widgets. */
async function drawnWords(bytes: Uint8Array): Promise<string[][]> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: string[][] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      const widgets = (await page.getAnnotations()) as Array<{ fieldType?: string; fieldValue?: unknown }>;
      pages.push([
        ...content.items.flatMap((it) => ('str' in it ? textWords(it.str) : [])),
        ...widgets.flatMap((a) => (a.fieldType === 'Tx' && typeof a.fieldValue === 'string' ? textWords(a.fieldValue) : [])),
      ]);
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

type Field = Extract<TruthBlock, { kind: 'field' }>;

/** Two fields recorded one after the other on one page. */
function twoFields(truth: CaseTruth): [Field, Field] {
  for (const page of truth.pages) {
    const i = page.blocks.findIndex((b, k) => b.kind === 'field' && page.blocks[k + 1]?.kind === 'field');
    if (i >= 0) return [page.blocks[i], page.blocks[i + 1]] as [Field, Field];
  }
  throw new Error('no two fields in a row');
}

test('forms: the truth holds exactly the words drawn and the widget values, and a faithful Markdown passes', async () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const c = await generateCase('forms', seed);
    const drawn = await drawnWords(c.bytes);
    c.truth.pages.forEach((page, p) => {
      // A check mark set in ZapfDingbats is '3' to pdf.js's text layer (no Unicode for the font).
      for (const _ of page.markers.filter((m) => m === '✓')) drawn[p].splice(drawn[p].indexOf('3'), 1);
      const truthWords = [...page.blocks.flatMap((b) => textWords(blockText(b))), ...page.markers.flatMap(textWords)].sort();
      assert.deepEqual(drawn[p].sort(), truthWords, `${c.id} page ${p + 1}`);
    });
    for (const r of checkCase(c.truth, idealMarkdown(c.truth), idealBlocks(c.truth))) assert.ok(r.pass, `${c.id} ${r.property}: ${r.diff}`);
    assert.ok(verdict(c.truth, idealMarkdown(c.truth), 'fields').checked > 0, c.id);
  }
});

test('forms: a value away from its label, or labels heading a column of values, fails fields', async () => {
  const c = await generateCase('forms', 1);
  const pages = idealMarkdown(c.truth);
  const [a, b] = twoFields(c.truth);
  // Two values swapped: every word is still there, in nearly the same order.
  const swapped = pages.map((md) => md.replace(`${a.label} ${a.value}`, `${a.label} \u0000`).replace(`${b.label} ${b.value}`, `${b.label} ${a.value}`).replace('\u0000', b.value));
  assert.equal(verdict(c.truth, swapped, 'text').pass, true);
  assert.equal(verdict(c.truth, swapped, 'fields').pass, false);
  // Labels as the header row of a table, values in the row under it.
  const headed = pages.map((md) => md.replace(`${a.label} ${a.value}\n\n${b.label} ${b.value}`, `| ${a.label} | ${b.label} |\n| --- | --- |\n| ${a.value} | ${b.value} |`));
  assert.notDeepEqual(headed, pages, 'forms-1 sets two fields one after the other');
  assert.equal(verdict(c.truth, headed, 'fields').pass, false);
  // Label and value in one cell, or in a row of their own, read right.
  const cells = pages.map((md) => md.replace(`${a.label} ${a.value}\n\n${b.label} ${b.value}`, `| ${a.label} ${a.value} | ${b.label}: ${b.value} |\n| --- | --- |`));
  assert.equal(verdict(c.truth, cells, 'fields').pass, true);
});

test('forms: a tick lost or put on the wrong box fails fields', async () => {
  let c = await generateCase('forms', 2);
  for (let seed = 3; !c.truth.pages.some((p) => p.blocks.some((b) => b.kind === 'check' && b.checked)); seed++) c = await generateCase('forms', seed);
  const pages = idealMarkdown(c.truth);
  assert.equal(verdict(c.truth, pages, 'fields').pass, true);
  assert.equal(verdict(c.truth, pages.map((md) => md.replaceAll('☒', '☐')), 'fields').pass, false);
  assert.equal(verdict(c.truth, pages.map((md) => md.replaceAll('☐', '☒')), 'fields').pass, false);
  // A typed X or a check mark in the box reads as a tick; a bare label as an empty box.
  assert.equal(verdict(c.truth, pages.map((md) => md.replaceAll('☒', 'X')), 'fields').pass, true);
  assert.equal(verdict(c.truth, pages.map((md) => md.replaceAll('☒', '✓').replaceAll('☐ ', '')), 'fields').pass, true);
});

test('forms through the parser: a stacked grid whose last field stands alone pairs every label with its value; boxed labels over values side by side are no headings', async () => {
  // forms-3026: labels over values in two columns, the last row one field: each label row was
  // read before its values (fields 13 %). forms-3012: "Marital status" over "Married" beside
  // "Place of birth" over "Greenville", in boxes, over 4.5 pt small print: all four read as headings.
  const [stacked, boxed] = await Promise.all([runCase('forms-3026'), runCase('forms-3012')]);
  const fields = stacked.results.find((r) => r.property === 'fields')!;
  assert.ok(fields.score >= 0.85, fields.diff);
  const headings = boxed.results.find((r) => r.property === 'no-false-headings')!;
  for (const t of ['"marital status"', '"married"', '"place of birth"', '"greenville"']) assert.ok(!(headings.diff ?? '').includes(t), headings.diff);
});

test('forms through the parser: rows of a bold label beside its boxed value read row by row; a row of boxed fields and a label beside its amount are no headings', async () => {
  // forms-3001: "Marital status [Widowed]" over "Monthly rent [£68,426.87]" was read as a column of
  // labels ("#### Marital status Monthly rent") then a column of values. forms-3030: "Account
  // number [317-89-6127]   Tax identification number [869-53-5987]" on one line was a heading.
  // forms-3032: "Subtotal £30,869.48" under its table was a heading.
  const [rows, fieldRow, amount] = await Promise.all([runCase('forms-3001'), runCase('forms-3030'), runCase('forms-3032')]);
  const of = (c: typeof rows, p: string) => c.results.find((r) => r.property === p)!;
  assert.equal(of(rows, 'fields').pass, true, of(rows, 'fields').diff);
  for (const c of [rows, fieldRow, amount]) assert.equal(of(c, 'no-false-headings').pass, true, of(c, 'no-false-headings').diff);
});
