// Documents written as HTML and printed by Chromium (a second PDF producer beside our own canvas
// code, issue 9): its own text runs, spacing, embedded subset fonts, list markers, table layout,
// CSS columns and running header/footer templates. One to three pages of headings h1–h4, prose
// with emphasis, run-in heads and footnote references, nested bulleted and numbered lists, tables
// with a header (group headings spanning their columns, sometimes a row label spanning rows) and
// a caption, figures with captions, in one, two or three columns; footnotes at the foot of the
// page. The truth is what was written; html/print.ts keeps what fits each sheet.
import type { Rng } from '../random.js';
import type { SyntheticCase, TruthBlock, TruthCell } from '../truth.js';
import { printHtml, type Flow, type HtmlDoc, type HtmlPage, type Unit } from '../html/print.js';
import { logicalTable, variant } from './tables.js';
import { paragraph, phrase, sentence, title, word } from '../words.js';

const FONTS = ['"Liberation Serif", serif', '"Liberation Sans", sans-serif', '"DejaVu Serif", serif', '"DejaVu Sans", sans-serif'];
type TableRules = 'grid' | 'booktabs' | 'none' | 'zebra';

/** Numbering of the document's footnotes, tables and figures. */
interface Counters {
  footnote: number;
  table: number;
  figure: number;
}

interface PageState {
  counters: Counters;
  notes: string[];
  noteMarkers: string[];
}

/** A paragraph: some words emphasised, sometimes a bold run-in head or a footnote reference. */
function paragraphUnit(rng: Rng, page: PageState): Unit {
  const text = paragraph(rng, 1, 4);
  const words = text.split(' ');
  const fixed = words.map((w) => {
    if (!rng.chance(0.04)) return w;
    const tag = rng.pick(['b', 'i', 'em']);
    return `<${tag}>${w}</${tag}>`;
  });
  const markers: string[] = [];
  if (rng.chance(0.25)) {
    const n = ++page.counters.footnote;
    const at = rng.int(1, words.length - 1);
    fixed[at] = `${fixed[at]}<sup>${n}</sup>`;
    page.notes.push(sentence(rng, 6, 16));
    page.noteMarkers.push(String(n));
    markers.push(String(n));
  }
  let lead = '';
  let leadHtml = '';
  if (rng.chance(0.12)) {
    lead = `${title(rng, 1, 3)}. `;
    leadHtml = `<b>${lead.trim()}</b> `;
  }
  return { html: `<p>${leadHtml}${fixed.join(' ')}</p>`, blocks: [{ kind: 'paragraph', text: `${lead}${text}` }], markers };
}

function headingUnit(rng: Rng, level: number): Unit {
  const text = title(rng, 2, 6);
  return { html: `<h${level}>${text}</h${level}>`, blocks: [{ kind: 'heading', level, text }], markers: [] };
}

const ROMAN: Array<[number, string]> = [[10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];

/** The number of an ordered list's item `n` as `list-style-type` writes it (lists stay short). */
function ordinal(style: string, n: number): string {
  if (style === 'lower-alpha') return String.fromCharCode(96 + n);
  if (style !== 'lower-roman') return String(n);
  let out = '';
  for (const [v, s] of ROMAN) while (n >= v) (n -= v), (out += s);
  return out;
}

function listUnit(rng: Rng): Unit {
  const ordered = rng.chance(0.5);
  const blocks: TruthBlock[] = [];
  const markers: string[] = [];
  const items = (depth: number, ordered: boolean, n: number): string => {
    const tag = ordered ? 'ol' : 'ul';
    const style = ordered ? (depth === 0 ? 'decimal' : rng.pick(['lower-alpha', 'lower-roman', 'decimal'])) : depth === 0 ? 'disc' : rng.pick(['circle', 'square', 'disc']);
    const lis: string[] = [];
    for (let i = 0; i < n; i++) {
      const text = rng.chance(0.4) ? sentence(rng, 8, 22) : phrase(rng, 2, 6);
      blocks.push({ kind: 'list-item', text, depth, ordered });
      // Chromium draws bullets (disc, circle, square) as shapes, not glyphs: only numbers are text.
      if (ordered) markers.push(`${ordinal(style, i + 1)}.`);
      const nested = depth === 0 && rng.chance(0.25) ? items(1, rng.chance(0.7) ? ordered : !ordered, rng.int(1, 3)) : '';
      lis.push(`<li>${text}${nested}</li>`);
    }
    return `<${tag} style="list-style-type: ${style}">${lis.join('')}</${tag}>`;
  };
  return { html: items(0, ordered, rng.int(2, 6)), blocks, markers };
}

/** A table with its caption above or below; narrow in a column of a multi-column flow. */
function tableUnit(rng: Rng, page: PageState, narrow: boolean): Unit {
  const v = { ...variant(rng), multiLine: false };
  const valueCols = v.grouped ? 2 * rng.int(1, narrow ? 1 : 2) : rng.int(2, narrow ? 2 : 5);
  const t = logicalTable(rng, v, valueCols, rng.int(3, narrow ? 6 : 10));
  const rules: TableRules = rng.pick(['grid', 'booktabs', 'none', 'zebra']);
  // A row label spanning the rows of a group, in a column of its own before the labels.
  const spanned = !narrow && !v.sections && rng.chance(0.25) && t.rows.length >= 4;
  const lead = spanned ? 1 : 0;
  const cells: TruthCell[] = [];
  const head: string[] = [];
  const alignOf = (c: number) => (c === 0 ? 'left' : t.align[c] === 'decimal' ? 'right' : t.align[c]);
  let row = 0;
  if (t.groups.length > 0) {
    const ths = [`<th colspan="${1 + lead}"></th>`];
    let col = 1 + lead;
    for (const g of t.groups) {
      ths.push(`<th colspan="${g.span}" style="text-align: center">${g.text}</th>`);
      cells.push({ row, col, rowSpan: 1, colSpan: g.span, text: g.text });
      col += g.span;
    }
    head.push(`<tr>${ths.join('')}</tr>`);
    row++;
  }
  const headings = spanned ? [word(rng).replace(/^./, (c) => c.toUpperCase()), ...t.headings] : t.headings;
  head.push(`<tr>${headings.map((h, c) => `<th style="text-align: ${alignOf(c - lead)}">${h}</th>`).join('')}</tr>`);
  headings.forEach((h, c) => cells.push({ row, col: c, rowSpan: 1, colSpan: 1, text: h }));
  row++;
  const headerRows = row;
  const body: string[] = [];
  let groupLeft = 0;
  t.rows.forEach((values, r) => {
    const tds: string[] = [];
    if (spanned && groupLeft === 0) {
      const span = Math.min(t.rows.length - r, rng.int(2, 3));
      const label = title(rng, 1, 2);
      tds.push(`<td rowspan="${span}" style="vertical-align: top">${label}</td>`);
      cells.push({ row, col: 0, rowSpan: span, colSpan: 1, text: label });
      groupLeft = span;
    }
    groupLeft = Math.max(0, groupLeft - 1);
    values.forEach((val, c) => {
      const bold = c === 0 && t.sectionRows.has(r);
      tds.push(`<td style="text-align: ${alignOf(c)}">${bold ? `<b>${val}</b>` : val}</td>`);
      cells.push({ row, col: c + lead, rowSpan: 1, colSpan: 1, text: val });
    });
    body.push(`<tr>${tds.join('')}</tr>`);
    row++;
  });
  const n = ++page.counters.table;
  const caption = `Table ${n}: ${title(rng, 2, 6)}`;
  const below = rng.chance(0.3);
  const table: TruthBlock = { kind: 'table', rows: row, cols: headings.length, cells, headerRows };
  const size = rng.pick(['0.8em', '0.9em', '1em']);
  const html = `<table class="${rules}" style="font-size: ${size}${narrow ? '' : rng.chance(0.4) ? '; width: 100%' : ''}"><caption style="caption-side: ${below ? 'bottom' : 'top'}">${caption}</caption><thead>${head.join('')}</thead><tbody>${body.join('')}</tbody></table>`;
  const captionBlock: TruthBlock = { kind: 'paragraph', text: caption };
  return { html, blocks: below ? [table, captionBlock] : [captionBlock, table], markers: [] };
}

function figureUnit(rng: Rng, page: PageState): Unit {
  const caption = `Figure ${++page.counters.figure}: ${sentence(rng, 4, 14)}`;
  return {
    html: `<figure><div class="art" style="height: ${rng.int(80, 200)}px"></div><figcaption>${caption}</figcaption></figure>`,
    blocks: [{ kind: 'paragraph', text: caption }],
    markers: [],
  };
}

/** A section: a heading, prose, sometimes a list, table or figure, sometimes a subsection. */
function sectionUnits(rng: Rng, page: PageState, level: number, columns: number): Unit[] {
  const units = [headingUnit(rng, level)];
  for (let i = rng.int(1, 3); i > 0; i--) units.push(paragraphUnit(rng, page));
  const extra = rng.next();
  if (extra < 0.3) units.push(listUnit(rng));
  else if (extra < 0.55 && columns < 3) units.push(tableUnit(rng, page, columns > 1));
  else if (extra < 0.7) units.push(figureUnit(rng, page));
  if (rng.chance(0.5)) units.push(paragraphUnit(rng, page));
  if (level < 4 && rng.chance(0.4)) units.push(...sectionUnits(rng, page, level + 1, columns));
  return units;
}

function footnotesUnit(page: PageState): Unit | null {
  if (page.notes.length === 0) return null;
  return {
    html: page.notes.map((n, i) => `<p><sup>${page.noteMarkers[i]}</sup> ${n}</p>`).join(''),
    blocks: page.notes.map((text) => ({ kind: 'paragraph', text })),
    markers: page.noteMarkers.slice(),
  };
}

const TABLE_CSS = `
table { border-collapse: collapse; margin: 8px 0; }
th, td { padding: 2px 8px; }
table.grid th, table.grid td { border: 0.75px solid #000; }
table.booktabs { border-top: 1.2px solid #000; border-bottom: 1.2px solid #000; }
table.booktabs thead tr:last-child th { border-bottom: 0.75px solid #000; }
table.zebra tbody tr:nth-child(even) { background: #e4e8ee; }
figure { margin: 8px 0; }
.art { background: #d8dee8; border: 1px solid #333; }
figcaption, caption { font-size: 0.9em; padding: 4px 0; text-align: left; }`;

export async function htmlCase(rng: Rng, id: string): Promise<SyntheticCase> {
  const font = rng.pick(FONTS);
  const sizePt = rng.pick([9.5, 10, 11, 12]);
  const lineHeight = rng.pick([1.2, 1.3, 1.45]);
  const columns = rng.pick([1, 1, 2, 2, 3]);
  const pageCount = rng.int(1, 3);
  const counters: Counters = { footnote: 0, table: 0, figure: 0 };
  const weight = rng.chance(0.3) ? 600 : 700;
  const pages: HtmlPage[] = [];
  for (let p = 0; p < pageCount; p++) {
    const state: PageState = { counters, notes: [], noteMarkers: [] };
    const flows: Flow[] = [];
    if (p === 0) {
      const top: Unit[] = [headingUnit(rng, 1)];
      if (rng.chance(0.5)) top.push(paragraphUnit(rng, state));
      flows.push({ columns: 1, units: top });
    }
    const units: Unit[] = [];
    for (let s = 0; s < 6; s++) units.push(...sectionUnits(rng, state, 2, columns));
    flows.push({ columns, units });
    pages.push({ flows, footnotes: footnotesUnit(state) });
  }
  const header = pageCount > 1 && rng.chance(0.6) ? title(rng, 2, 5) : null;
  const footer = rng.chance(0.6) ? rng.pick(['number', 'page-of'] as const) : null;
  const margin = rng.pick([72, 86, 96]);
  const doc: HtmlDoc = {
    css: `body { font-family: ${font}; font-size: ${sizePt}pt; line-height: ${lineHeight}; text-align: ${rng.chance(0.5) ? 'justify' : 'left'}; }
h1, h2, h3, h4 { font-weight: ${weight}; line-height: 1.2; }
${TABLE_CSS}`,
    pages,
    margins: { top: margin, bottom: margin, left: rng.pick([72, 80, 96]), right: rng.pick([72, 80, 96]) },
    header,
    footer,
    furnitureFont: font,
  };
  const { bytes, truth } = await printHtml(doc, rng.pick(['left', 'right', 'center'] as const));
  const variant = `${font.split(',')[0].replace(/"/g, '')} ${sizePt}pt columns=${columns} pages=${pageCount}${header ? ' header' : ''}${footer ? ` footer=${footer}` : ''}`;
  return { id, family: 'html', variant, bytes, truth };
}
