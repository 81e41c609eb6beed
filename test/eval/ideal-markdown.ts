// A faithful rendition of a synthetic case's truth as Markdown (what a perfect converter would
// write): the reference against which the property checks must pass, and which the tests mutate.
import type { OutputPage } from '../../eval/synthetic/properties.js';
import type { CaseTruth, TruthBlock, TruthCell } from '../../eval/synthetic/truth.js';

function htmlTable(block: Extract<TruthBlock, { kind: 'table' }>): string {
  const rows: string[][] = Array.from({ length: block.rows }, () => []);
  const covered = new Set<string>();
  const byPos = new Map(block.cells.map((c) => [`${c.row},${c.col}`, c] as [string, TruthCell]));
  for (let r = 0; r < block.rows; r++) {
    for (let c = 0; c < block.cols; c++) {
      if (covered.has(`${r},${c}`)) continue;
      const cell = byPos.get(`${r},${c}`);
      if (!cell) {
        rows[r].push('<td></td>');
        continue;
      }
      for (let dr = 0; dr < cell.rowSpan; dr++) for (let dc = 0; dc < cell.colSpan; dc++) covered.add(`${r + dr},${c + dc}`);
      const attrs = (cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : '') + (cell.colSpan > 1 ? ` colspan="${cell.colSpan}"` : '');
      const tag = r < (block.headerRows ?? 1) ? 'th' : 'td';
      rows[r].push(`<${tag}${attrs}>${cell.text}</${tag}>`);
    }
  }
  return ['<table>', ...rows.map((r) => `<tr>${r.join('')}</tr>`), '</table>'].join('\n');
}

export function idealBlock(block: TruthBlock): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${block.text}`;
    case 'paragraph':
      return block.text;
    case 'list-item':
      return `${'   '.repeat(block.depth)}${block.ordered ? '1.' : '-'} ${block.text}`;
    case 'table':
      return htmlTable(block);
    case 'field':
      return `${block.label} ${block.value}`;
    case 'check':
      return `${block.checked ? '☒' : '☐'} ${block.label}`;
  }
}

/** Markdown per page; list items of one list are kept on consecutive lines. */
export function idealMarkdown(truth: CaseTruth): string[] {
  return truth.pages.map((page) => {
    let md = '';
    page.blocks.forEach((b, i) => {
      const sameList = i > 0 && b.kind === 'list-item' && page.blocks[i - 1].kind === 'list-item';
      md += (i === 0 ? '' : sameList ? '\n' : '\n\n') + idealBlock(b);
    });
    return md;
  });
}

const BLOCK_TYPE: Record<TruthBlock['kind'], string> = { heading: 'heading', paragraph: 'paragraph', 'list-item': 'list_item', table: 'table', field: 'paragraph', check: 'paragraph' };

/** Typed blocks with the boxes drawn, and the furniture as page headers (what a perfect converter returns). */
export function idealBlocks(truth: CaseTruth): OutputPage[] {
  return truth.pages.map((page) => ({
    blocks: [
      ...page.furnitureBoxes.map((bbox) => ({ type: 'page_header', bbox })),
      ...page.blocks.map((b, i) => ({ type: BLOCK_TYPE[b.kind], bbox: page.boxes[i], ...(b.kind === 'heading' ? { level: b.level } : {}), ...(b.kind === 'paragraph' && b.continues ? { continues: true } : {}) })),
    ],
  }));
}
