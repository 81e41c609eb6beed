// End-to-end on a few corpus documents through the text-layer path: general structural
// properties only (a ruled/whitespace table becomes a table, headings are headings, columns are
// read in order, margins are dropped), never individual strings of the ground truth.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { convertPdfTextLayer } from '../../eval/pdf-direct.js';

const CORPUS = resolve(process.env.DOCCONV_CORPUS ?? join(import.meta.dirname, '../../../shared/corpus'));

async function pages(id: string): Promise<string[]> {
  const file = join(CORPUS, id, 'input.pdf');
  assert.ok(existsSync(file), `corpus case missing: ${file} (set DOCCONV_CORPUS)`);
  return (await convertPdfTextLayer(new Uint8Array(readFileSync(file)))).pages;
}

function pipeTables(md: string): string[][] {
  // Each table as its rows; a table is a run of lines starting with '|' with a --- separator.
  const out: string[][] = [];
  let cur: string[] = [];
  for (const line of md.split('\n')) {
    if (line.startsWith('|')) cur.push(line);
    else if (cur.length) {
      out.push(cur);
      cur = [];
    }
  }
  if (cur.length) out.push(cur);
  return out.filter((t) => t.length >= 3 && /^\|( --- \|)+$/.test(t[1]));
}

test('corpus: a government table with ruling lines becomes a pipe table', async () => {
  const [md] = await pages('icdar2013-eu-010');
  const tables = pipeTables(md);
  assert.ok(tables.length >= 1, md);
  assert.ok(tables[0].length >= 6);
});

test('corpus: a booktabs-style table (rules without verticals) becomes a multi-column table', async () => {
  const [md] = await pages('olmocr-olmo2-pg4');
  const tables = pipeTables(md);
  assert.ok(tables.some((t) => t[0].split('|').length - 2 >= 5 && t.length >= 8), md);
  assert.match(md, /^#{1,3} \S/m);
});

test('corpus: a two-column LaTeX article starts with its title heading and reads column by column', async () => {
  const out = await pages('pysamples-multicolumn');
  assert.equal(out.length, 3);
  assert.match(out[0].split('\n')[0], /^# \S/);
  // No paragraph mixes the two columns: every paragraph is at most one column's worth of lines
  // joined, so no line of the page output is a concatenation ending mid-word of another column.
  assert.ok(!/ {3,}/.test(out[0]));
});

test('corpus: running headers, page numbers and download stamps are dropped', async () => {
  const [md] = await pages('olmocr-multi-column-miss');
  assert.ok(!/downloaded from/i.test(md));
  const [md2] = await pages('olmocr-ff1fc6a205ad039139ce566851b6b260c929-pg1');
  const last = md2.trim().split('\n').pop() ?? '';
  assert.ok(!/^\d{1,3}$/.test(last.trim()), last);
});
