// Statistics tables as government offices publish them (issue 9): a title line, the table, source
// and notes lines below; portrait or landscape pages, small fonts, narrow or wide gaps, tables
// stretched to the page width, and no rules, a header rule only, a rule under every row, or a
// full grid. Content: stat-table-content.ts; drawing: stat-table-draw.ts.
import { SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { statContent } from '../stat-table-content.js';
import { drawStatTable, statGeometry, type StatRules, type StatStyle } from '../stat-table-draw.js';
import type { FamilyOutput } from './family.js';

const RULES: StatRules[] = ['none', 'none', 'header', 'horizontal', 'grid'];

export async function statTableCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const landscape = rng.chance(0.3);
  const page = landscape ? { width: 792, height: 612 } : { width: 612, height: 792 };
  const margin = rng.int(36, 72);
  const size = rng.pick([6, 7, 7, 8, 8, 9, 10]);
  const style: StatStyle = {
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
  let geometry = statGeometry(content, style, margin, maxWidth, stretch);
  for (let tries = 0; geometry === null && tries < 10; tries++) {
    valueCols = Math.max(2, valueCols - 1);
    content = statContent(rng, valueCols, bodyRows);
    geometry = statGeometry(content, style, margin, maxWidth, stretch);
  }
  if (geometry === null) throw new Error('synthetic statistics table does not fit the page');
  const w = doc.addPage(page);
  let y = margin + rng.int(0, 30);
  y = w.wrapped(content.title, margin, y, maxWidth, doc.fonts.bold, size, size * 1.3, { kind: 'paragraph', text: content.title }) + size * 0.6;
  y = drawStatTable(w, content, style, geometry, y) + size;
  for (const note of content.notes) y = w.wrapped(note, margin, y, maxWidth, doc.fonts.regular, size - 1, (size - 1) * 1.3, { kind: 'paragraph', text: note });
  const depth = content.levels.length;
  return {
    variant: `cols=${valueCols + 1} rows=${content.rows.length} size=${size} rules=${style.rules} levels=${depth}${content.units ? ' units' : ''}${landscape ? ' landscape' : ''}${stretch ? ' stretched' : ''} gap=${(style.gap / size).toFixed(1)}em align=${[...new Set(content.align)].join('+')}`,
  };
}
