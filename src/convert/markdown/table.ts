// Table model → Markdown: a GitHub pipe table, or HTML when a cell spans rows or columns.
import type { TableModel } from '../layout/table-model.js';
import { hasSpans } from '../layout/table-model.js';

function pipeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

function htmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Pipe tables have one header row: spans, or headings on several rows, need HTML. */
export function renderTable(t: TableModel): string {
  if (t.rows.length === 0) return '';
  return hasSpans(t) || (t.headerRows ?? 1) > 1 ? renderHtml(t) : renderPipe(t);
}

export function renderPipe(t: TableModel): string {
  const nC = Math.max(...t.rows.map((r) => r.length));
  const lines: string[] = [];
  t.rows.forEach((row, i) => {
    const cells: string[] = [];
    for (let c = 0; c < nC; c++) cells.push(pipeCell(row[c]?.text ?? ''));
    lines.push(`| ${cells.join(' | ')} |`);
    if (i === 0) lines.push(`|${' --- |'.repeat(nC)}`);
  });
  return lines.join('\n');
}

export function renderHtml(t: TableModel): string {
  const out: string[] = ['<table>'];
  // Header rows: the first row and the rows its cells span down into.
  const headerRows = t.headerRows ?? Math.max(1, ...t.rows[0].map((c) => c?.rowSpan ?? 1));
  t.rows.forEach((row, i) => {
    const tag = i < headerRows ? 'th' : 'td';
    const cells = row
      .filter((c) => c !== null)
      .map((c) => {
        const attrs = (c!.rowSpan > 1 ? ` rowspan="${c!.rowSpan}"` : '') + (c!.colSpan > 1 ? ` colspan="${c!.colSpan}"` : '');
        return `<${tag}${attrs}>${htmlEscape(c!.text)}</${tag}>`;
      });
    out.push(`<tr>${cells.join('')}</tr>`);
  });
  out.push('</table>');
  return out.join('\n');
}
