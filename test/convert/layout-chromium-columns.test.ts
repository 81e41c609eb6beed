// Pages printed by Chromium from HTML written here (a second PDF producer, issue 9): CSS columns
// beside tables, and justified narrow columns. Skipped where Chromium is not installed, but not in
// CI (.ci/run installs it; DOCCONV_CI=1 makes a missing tool a failure).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { chromiumAvailable, closeBrowser, sharedBrowser } from '../../eval/synthetic/html/browser.js';

after(() => Promise.all([closeBrowser(), shutdownConvertPool()]));

const skip = chromiumAvailable() || process.env.DOCCONV_CI ? false : 'Chromium is not installed';

/** `html` printed on US letter with one-inch margins, converted; its pages' Markdown. */
async function printed(html: string, css: string): Promise<string[]> {
  const page = await (await sharedBrowser()).newPage();
  try {
    await page.setContent(`<!doctype html><html><head><style>body { margin: 0; font-family: "Liberation Sans", sans-serif; font-size: 9.5pt; line-height: 1.45; } ${css}</style></head><body>${html}</body></html>`);
    const pdf = await page.pdf({ width: '8.5in', height: '11in', margin: { top: '1in', bottom: '1in', left: '1in', right: '1in' }, printBackground: true });
    return (await parseDocument(new Uint8Array(pdf), { pageTimeoutS: 30 })).pages;
  } finally {
    await page.close();
  }
}

/** A sentence of numbered words ("w1 w2 … w9."), so their order can be read back. */
const prose = (name: string, n: number): string => `${Array.from({ length: n }, (_, i) => `${name}${i + 1}`).join(' ')}.`;

test('Chromium: a table at the top of the right column, its cells inset from the column edge, beside a heading and prose: the left column is read whole and the table keeps its cells', { skip }, async () => {
  const rows = Array.from({ length: 5 }, (_, r) => `<tr><td>Label ${r + 1}</td><td style="text-align: right">${r + 1}6</td><td style="text-align: right">${r + 2}.5</td></tr>`).join('');
  const html = `<h1>A Title Over Both Columns</h1><p>${prose('intro', 8)}</p>
<div style="column-count: 2; column-gap: 0.3in">
<h2>Heading Of The Left Column</h2><p>${prose('left', 60)}</p>
<div style="break-before: column"><table style="font-size: 0.8em; border-collapse: collapse"><caption style="text-align: left">Table 1: Figures of the year</caption>
<thead><tr><th></th><th colspan="2">Chapter</th></tr><tr><th style="text-align: left">Interest</th><th>2008</th><th>2009</th></tr></thead>
<tbody>${rows}</tbody></table><p>${prose('right', 40)}</p></div></div>`;
  const [md] = await printed(html, 'td, th { padding: 2px 8px; } tbody tr:nth-child(even) { background: #e4e8ee; }');
  const left = md.match(/left\d+/g) ?? [];
  assert.deepEqual(left, Array.from({ length: 60 }, (_, i) => `left${i + 1}`), 'the left column in order');
  assert.ok(!/\|[^|\n]*left\d/.test(md) && !/<td>[^<]*left\d/.test(md), `no prose in a table:\n${md}`);
  assert.match(md, /Label 3[^\n]*36[^\n]*4\.5/, `the table's rows keep their cells:\n${md}`);
});

test('Chromium: three narrow columns of ragged text with bulleted lists, one opening a column: read column by column, no table, the lists at the top level', { skip }, async () => {
  const item = (name: string, k: number, n: number): string => `<li>${name.toUpperCase()}${k}a ${prose(`${name}${k}w`, n)}</li>`;
  const list = (name: string, n: number): string => `<ul>${Array.from({ length: n }, (_, k) => item(name, k + 1, 7)).join('')}</ul>`;
  const html = `<div style="column-count: 3; column-gap: 0.25in; text-align: left">
<h2>First Column Heading</h2><p>${prose('a', 40)}</p>${list('b', 3)}<h2>Second Heading Here</h2><p>${prose('c', 70)}</p>
<div style="break-before: column">${list('d', 5)}<p>${prose('e', 60)}</p></div>
<div style="break-before: column"><h3>Third Column Heading</h3><p>${prose('f', 90)}</p></div></div>`;
  const [md] = await printed(html, 'body { font-family: "Liberation Serif", serif; font-size: 10pt; }');
  assert.ok(!md.includes('<table') && !md.includes('| --- |'), `no table:\n${md}`);
  // Every word, column by column, in order (the item's capitalised first words aside).
  const order = (md.match(/\b[a-f]\d+(?:w\d+)?\b/g) ?? []).map((w) => w.replace(/w?\d+$/, '').replace(/\d+$/, ''));
  const runs = order.filter((w, i) => i === 0 || w !== order[i - 1]);
  assert.deepEqual(runs, ['a', 'b', 'c', 'd', 'e', 'f'], `columns in order:\n${md}`);
  // The items open their lines: a list set indented from its text is no nested list.
  for (const k of [1, 2, 3]) assert.match(md, new RegExp(`^- B${k}a b${k}w1 `, 'm'), md);
  for (const k of [1, 2, 3, 4, 5]) assert.match(md, new RegExp(`^- D${k}a d${k}w1 `, 'm'), md);
});

test('Chromium: three narrow justified columns, their headings and list items spread to the edges: each heading one, each item whole, read column by column', { skip }, async () => {
  // DejaVu Sans 11 pt in three columns two inches wide: three words a line, the spaces of headings
  // and items stretched wider than the gutters, ligatures parting words into runs; the second
  // column opens with a paragraph's last line, so its heading's lines fall between the first's.
  const item = (name: string, k: number): string => `<li>Final${name}${k} ${prose(`${name}${k}w`, 7)}</li>`;
  const html = `<div style="column-count: 3; column-gap: 0.25in; text-align: justify">
<h2>Study Space Result About Industry Evidence</h2><p>${prose('a', 40)}</p><ul>${[1, 2].map((k) => item('b', k)).join('')}<li>Current develop energy</li><li>Global under council present measure<ul><li>Middle most began early case middle</li></ul></li></ul>
<div style="break-before: column"><p style="margin-top: 0">${prose('c', 3)}</p><h2>Least Whether Report</h2><p><b>Report Great.</b> ${prose('c', 60).replace('c1 c2 c3 ', '')}</p></div>
<div style="break-before: column"><h2>Below Always Stage Least Subject Annual</h2><p>${prose('d', 70)}</p></div></div>`;
  const [md] = await printed(html, 'body { font-family: "DejaVu Sans", sans-serif; font-size: 11pt; } h2 { font-size: 16.5pt; }');
  for (const h of ['Study Space Result About Industry Evidence', 'Least Whether Report', 'Below Always Stage Least Subject Annual']) assert.match(md, new RegExp(`^## ${h}$`, 'm'), md);
  assert.ok(!md.includes('<table') && !md.includes('| --- |'), `no table:\n${md}`);
  const order = (md.match(/\b[a-d]\d+(?:w\d+)?\b/g) ?? []).map((w) => w.replace(/\d+(?:w\d+)?$/, ''));
  assert.deepEqual(order.filter((w, i) => i === 0 || w !== order[i - 1]), ['a', 'b', 'c', 'd'], `columns in order:\n${md}`);
  for (const k of [1, 2]) assert.match(md, new RegExp(`^- Finalb${k} b${k}w1 b${k}w2 [^\\n]*b${k}w7\\.$`, 'm'), md);
  // Items whose first line holds two words spread to the column's edges, over a short last line.
  assert.match(md, /^- Current develop energy$/m, md);
  assert.match(md, /^ {2}- Middle most began early case middle$/m, md);
});
