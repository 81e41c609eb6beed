// OTSL tables (models-wire.md §2, docling-core `parse_otsl_table_content`): a row is a sequence of
// cell tokens, each followed by its text, ending with `<nl>`. Merged cells (`lcel` left, `ucel`
// up, `xcel` both) repeat the spanning cell's text in the pipe table, as docling does.
import { textOf, type DtNode } from './parse.js';

const CELL_TOKENS = new Set(['fcel', 'ecel', 'ched', 'rhed', 'srow', 'lcel', 'ucel', 'xcel']);

interface Cell {
  token: string;
  text: string;
}

/** The grid of an `<otsl>` element's children (captions excluded), padded to a rectangle. */
export function otslGrid(children: DtNode[]): string[][] {
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let cell: Cell | undefined;
  for (const n of children) {
    if (n.kind === 'token' && CELL_TOKENS.has(n.name)) {
      cell = { token: n.name, text: '' };
      row.push(cell);
    } else if (n.kind === 'token' && n.name === 'nl') {
      if (row.length) rows.push(row);
      row = [];
      cell = undefined;
    } else if (n.kind === 'element' && n.name === 'caption') {
      continue;
    } else if (cell) {
      cell.text += textOf(n);
    }
  }
  if (row.length) rows.push(row);
  const width = Math.max(0, ...rows.map((r) => r.length));
  const grid: string[][] = [];
  for (let r = 0; r < rows.length; r++) {
    const out: string[] = [];
    for (let c = 0; c < width; c++) {
      const cellAt = rows[r]![c];
      const token = cellAt?.token ?? 'ecel';
      const left = c > 0 ? out[c - 1]! : '';
      const up = r > 0 ? (grid[r - 1]![c] ?? '') : '';
      if (token === 'lcel') out.push(left);
      else if (token === 'ucel') out.push(up);
      else if (token === 'xcel') out.push(left || up);
      else out.push(clean(cellAt?.text ?? ''));
    }
    grid.push(out);
  }
  return grid;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A Markdown pipe table, first row as the header; "" for an empty grid. */
export function pipeTable(grid: string[][]): string {
  if (grid.length === 0 || grid[0]!.length === 0) return '';
  const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
  const line = (cells: string[]) => `| ${cells.map(esc).join(' | ')} |`;
  const [head, ...body] = grid;
  return [line(head!), `| ${head!.map(() => '---').join(' | ')} |`, ...body.map(line)].join('\n');
}
