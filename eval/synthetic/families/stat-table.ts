// Statistics tables as government offices publish them (issue 9): a title line, the table, source
// and notes lines below; portrait or landscape pages, small fonts, narrow or wide gaps, tables
// stretched to the page width, and no rules, a header rule only, a rule under every row, or a
// full grid. Content: stat-table-content.ts; drawing: stat-table-draw.ts.
import type { PDFFont } from 'pdf-lib';
import { SyntheticDoc, wrapText, type PageWriter } from '../canvas.js';
import type { Rng } from '../random.js';
import { statContent, type StatContent } from '../stat-table-content.js';
import { drawStatTable, statGeometry, type StatGeometry, type StatRules, type StatStyle } from '../stat-table-draw.js';
import { currencyContent, europeanContent, layoutRng, layoutStyle, publishRng, publishStyle, secondTitle, type LayoutStyle, type PublishStyle } from '../stat-table-publish.js';
import type { FamilyOutput } from './family.js';

const RULES: StatRules[] = ['none', 'none', 'header', 'horizontal', 'grid'];

export async function statTableCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const landscape = rng.chance(0.3);
  const page = landscape ? { width: 792, height: 612 } : { width: 612, height: 792 };
  const margin = rng.int(36, 72);
  const size = rng.pick([6, 7, 7, 8, 8, 9, 10]);
  const drawn: StatStyle = {
    font: doc.fonts.regular,
    bold: doc.fonts.bold,
    italic: doc.fonts.italic,
    size,
    rules: rng.pick(RULES),
    gap: size * rng.pick([0.9, 1.2, 1.6, 2.2, 3]),
    labelWidth: size * rng.int(14, 24),
    headAlign: rng.chance(0.6) ? 'right' : 'center',
    valuesOnFirstLine: rng.chance(0.5),
    boldHead: rng.chance(0.7),
  };
  const stretch = rng.chance(0.3);
  const maxWidth = page.width - 2 * margin;
  const maxRows = Math.floor((page.height - 2 * margin - 120) / (size * 1.6));
  let valueCols = rng.int(3, landscape ? 12 : 9);
  const bodyRows = Math.min(maxRows, rng.int(6, 24));
  let content = statContent(rng, valueCols, bodyRows);
  let geometry = statGeometry(content, drawn, margin, maxWidth, stretch);
  for (let tries = 0; geometry === null && tries < 10; tries++) {
    valueCols = Math.max(2, valueCols - 1);
    content = statContent(rng, valueCols, bodyRows);
    geometry = statGeometry(content, drawn, margin, maxWidth, stretch);
  }
  if (geometry === null) throw new Error('synthetic statistics table does not fit the page');
  // How the table is set (stat-table-publish.ts layoutStyle), from a stream of its own; dropped
  // when the table no longer fits with it.
  const lay = layoutStyle(layoutRng(content));
  const laid: StatStyle = { ...drawn, gap: lay.tightGap ? size * lay.tightGap : drawn.gap, groupGap: lay.groupGap * size, headTop: lay.headTop };
  const laidGeometry = layoutVariant(lay) ? statGeometry(content, laid, margin, maxWidth, stretch) : null;
  const style = laidGeometry ? laid : drawn;
  if (laidGeometry) geometry = laidGeometry;
  const w = doc.addPage(page);
  let y = margin + rng.int(0, 30);
  // Publishers' habits (stat-table-publish.ts), from a stream of their own.
  const prng = publishRng(content);
  const habits = publishStyle(prng);
  const firstStyle = { ...style, ...habitsStyle(habits, style.rules) };
  // maxRows counts one line a row; labels that wrap take more, and text drawn below the page's
  // edge is in the truth but in no reader's output: rows come off the end until the table and its
  // notes end above the bottom margin (measured by drawing nowhere first).
  while (content.rows.length > 6 && placeTable(measuring(w), habits, content, firstStyle, geometry, y, margin, maxWidth, stretch).y > page.height - margin) {
    content = { ...content, rows: content.rows.slice(0, -1) };
  }
  const first = placeTable(w, habits, content, firstStyle, geometry, y, margin, maxWidth, stretch);
  y = first.y;
  const parts = [habitsVariant(habits, style.rules), laidGeometry ? layoutVariant(lay) : ''];
  // A second table under the first, as many rows as the page still holds (at least six).
  const rowsLeft = Math.floor((page.height - margin - y - 8 * size * 1.6) / (size * 1.6));
  if (habits.secondTable && rowsLeft >= 6) {
    const more = publishStyle(prng);
    let cols2 = prng.int(2, Math.max(2, valueCols));
    let second = { ...statContent(prng, cols2, Math.min(rowsLeft, prng.int(6, 14))), title: secondTitle(prng, content.title) };
    let geometry2 = statGeometry(second, style, margin, maxWidth, stretch);
    for (let tries = 0; geometry2 === null && tries < 10; tries++) {
      cols2 = Math.max(2, cols2 - 1);
      second = { ...statContent(prng, cols2, Math.min(rowsLeft, 10)), title: second.title };
      geometry2 = statGeometry(second, style, margin, maxWidth, stretch);
    }
    // Drawn only where it ends above the bottom margin (measured by drawing it nowhere first).
    const style2 = { ...style, ...habitsStyle(more, style.rules) };
    if (geometry2 && placeTable(measuring(w), more, second, style2, geometry2, y + size * 1.5, margin, maxWidth, stretch).y <= page.height - margin) {
      placeTable(w, more, second, style2, geometry2, y + size * 1.5, margin, maxWidth, stretch);
      parts.push(`second(cols=${cols2 + 1} rows=${second.rows.length} ${habitsVariant(more, style.rules)})`);
    }
  }
  const depth = content.levels.length;
  return {
    variant: `cols=${valueCols + 1} rows=${content.rows.length} size=${size} rules=${style.rules} levels=${depth}${content.units ? ' units' : ''}${landscape ? ' landscape' : ''}${stretch ? ' stretched' : ''} gap=${(style.gap / size).toFixed(1)}em align=${[...new Set(content.align)].join('+')}${parts.filter(Boolean).map((p) => ` ${p}`).join('')}`,
  };
}

function layoutVariant(l: LayoutStyle): string {
  return [l.tightGap && `tight=${l.tightGap}em`, l.groupGap && `group-gap=${l.groupGap}em`, l.headTop && 'head-top'].filter(Boolean).join(' ');
}

/** A page writer that draws and records nothing: what it is given measures where drawing would end. */
function measuring(w: PageWriter): PageWriter {
  const stub = {
    width: w.width,
    height: w.height,
    text: (text: string, _x: number, _y: number, font: PDFFont, size: number) => font.widthOfTextAtSize(text, size),
    line: () => undefined,
    record: () => undefined,
    wrapped: (text: string, _x: number, top: number, width: number, font: PDFFont, size: number, leading: number) => top + wrapText(text, font, size, width).length * leading,
  };
  return stub as unknown as PageWriter;
}

/** The drawing options a table's habits set (a blank line between row blocks only where no rule runs through it). */
function habitsStyle(h: PublishStyle, rules: StatRules): Partial<StatStyle> {
  const open = rules === 'none' || rules === 'header';
  return { leaders: h.leaders, raisedMarkers: h.raisedMarkers, blockEvery: open ? h.blockEvery : 0, columnNumbers: rules !== 'grid' && h.columnNumbers };
}

function habitsVariant(h: PublishStyle, rules: StatRules): string {
  const on = [h.leaders && 'leaders', h.european && 'european', h.raisedMarkers && 'raised-markers', habitsStyle(h, rules).blockEvery && `blocks=${h.blockEvery}`, h.unitsLine && 'units-line', habitsStyle(h, rules).columnNumbers && 'column-numbers', h.currency && `currency=${h.currency}`];
  return on.filter(Boolean).join(' ');
}

/** Title, units line, table and notes from `y`; returns the y under the notes. */
function placeTable(w: PageWriter, h: PublishStyle, t: StatContent, style: StatStyle, geometry: StatGeometry, top: number, margin: number, maxWidth: number, stretch: boolean): { y: number } {
  const size = style.size;
  const european = h.european ? europeanContent(t) : t;
  // Figures written the European way are as wide or narrower, a currency sign makes them wider:
  // the columns are measured again (no sign when the wider columns do not fit).
  const signed = h.currency ? currencyContent(european, h.currency) : null;
  const signedGeometry = signed && statGeometry(signed, style, margin, maxWidth, stretch);
  const content = signed && signedGeometry ? signed : european;
  const g = signedGeometry ?? (h.european ? statGeometry(content, style, margin, maxWidth, stretch) ?? geometry : geometry);
  let y = w.wrapped(content.title, margin, top, maxWidth, style.bold, size, size * 1.3, { kind: 'paragraph', text: content.title });
  if (h.unitsLine) {
    // Set flush right over the table, or flush left under the title.
    const right = g.x[g.x.length - 1] + g.width[g.width.length - 1];
    const x = content.levels.length % 2 === 0 ? right - style.italic.widthOfTextAtSize(h.unitsLine, size) : margin;
    w.text(h.unitsLine, x, y, style.italic, size);
    w.record({ kind: 'paragraph', text: h.unitsLine });
    y += size * 1.3;
  }
  y = drawStatTable(w, content, style, g, y + size * 0.6) + size;
  for (const note of content.notes) y = w.wrapped(note, margin, y, maxWidth, style.font, size - 1, (size - 1) * 1.3, { kind: 'paragraph', text: note });
  return { y };
}
