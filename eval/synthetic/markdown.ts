// Reads back the structure of a converter's Markdown: headings, list items, and tables (GitHub
// pipe tables and HTML tables with rowspan/colspan) as grids.

export interface GridCell {
  /** Normalised cell text (words joined by one space). */
  text: string;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

/** grid[r][c]: the cell covering that position (a spanning cell covers several), or null. */
export type Grid = Array<Array<GridCell | null>>;

export interface OutputListItem {
  indent: number;
  ordered: boolean;
  text: string;
}

export interface ParsedMarkdown {
  headings: Array<{ level: number; text: string }>;
  listItems: OutputListItem[];
  tables: Grid[];
  /** Lines outside tables, trimmed. */
  lines: string[];
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^(\s*)([-*+•–]|\d+[.)]|[a-zA-Z][.)])\s+(.*)$/;
const INNER_MARKER = /^(\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)]\s+/;
const PIPE_SEPARATOR = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/;

function place(grid: Grid, cell: GridCell): void {
  for (let r = cell.row; r < cell.row + cell.rowSpan; r++) {
    grid[r] ??= [];
    for (let c = cell.col; c < cell.col + cell.colSpan; c++) grid[r][c] = cell;
  }
}

function cellText(html: string, clean: (s: string) => string): string {
  return clean(html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]+>/g, ' '));
}

function spanOf(attrs: string, name: string): number {
  const m = new RegExp(`${name}\\s*=\\s*["']?(\\d+)`, 'i').exec(attrs);
  return m ? Math.max(1, Math.min(100, Number(m[1]))) : 1;
}

export function parseHtmlTable(html: string, clean: (s: string) => string): Grid {
  const grid: Grid = [];
  const rows = [...html.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)];
  rows.forEach((rowMatch, r) => {
    grid[r] ??= [];
    let c = 0;
    for (const m of rowMatch[1].matchAll(/<(td|th)([^>]*)>([\s\S]*?)<\/\1>/gi)) {
      while (grid[r][c]) c++;
      const cell: GridCell = { text: cellText(m[3], clean), row: r, col: c, rowSpan: spanOf(m[2], 'rowspan'), colSpan: spanOf(m[2], 'colspan') };
      place(grid, cell);
      c += cell.colSpan;
    }
  });
  return grid.slice(0, rows.length);
}

function splitPipeRow(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((s) => s.replace(/\\\|/g, '|'));
}

export function parsePipeTable(lines: string[], clean: (s: string) => string): Grid {
  const grid: Grid = [];
  for (const line of lines) {
    if (PIPE_SEPARATOR.test(line.trim())) continue;
    const r = grid.length;
    grid.push([]);
    splitPipeRow(line).forEach((text, c) => place(grid, { text: clean(text), row: r, col: c, rowSpan: 1, colSpan: 1 }));
  }
  return grid;
}

/** `clean` normalises cell and heading text (the caller's word normalisation). */
export function parseMarkdown(md: string, clean: (s: string) => string): ParsedMarkdown {
  const out: ParsedMarkdown = { headings: [], listItems: [], tables: [], lines: [] };
  const lines = md.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (/^<table\b/i.test(trimmed)) {
      let j = i;
      const parts: string[] = [];
      // Bounded by the page: an unclosed table ends with the page.
      while (j < lines.length) {
        parts.push(lines[j]);
        if (/<\/table>/i.test(lines[j])) break;
        j++;
      }
      out.tables.push(parseHtmlTable(parts.join('\n'), clean));
      i = j;
      continue;
    }
    if (trimmed.startsWith('|')) {
      let j = i;
      while (j < lines.length && lines[j].trim().startsWith('|')) j++;
      out.tables.push(parsePipeTable(lines.slice(i, j), clean));
      i = j - 1;
      continue;
    }
    out.lines.push(trimmed);
    const h = HEADING.exec(trimmed);
    if (h) {
      out.headings.push({ level: h[1].length, text: clean(h[2]) });
      continue;
    }
    const li = LIST_ITEM.exec(line);
    if (li) {
      // "- a) text": Markdown has no lettered lists, so a bullet carrying the letter is an ordered item.
      const inner = INNER_MARKER.exec(li[3]);
      const ordered = !/^[-*+•–]$/.test(li[2]) || inner !== null;
      out.listItems.push({ indent: li[1].replace(/\t/g, '    ').length, ordered, text: clean(inner ? li[3].slice(inner[0].length) : li[3]) });
    }
  }
  return out;
}
