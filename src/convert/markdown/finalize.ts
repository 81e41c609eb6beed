// Document pass over all pages' Markdown: running headers/footers (a margin line that repeats,
// digits aside, on many pages) are dropped. Linear in the number of pages.
import type { LayoutContext } from '../layout/context.js';
import { RUNNING_LINE_MIN_PAGES, RUNNING_LINE_MIN_SHARE } from '../layout/limits.js';

/** Lines from each end of a page examined as running-line candidates. */
const EDGE_LINES = 2;

export function normaliseRunningLine(line: string): string {
  return line.replace(/[*_#]/g, '').replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();
}

function edgeIndexes(lines: string[]): number[] {
  const idx: number[] = [];
  const nonEmpty = lines.map((l, i) => (l.trim() ? i : -1)).filter((i) => i >= 0);
  for (const i of nonEmpty.slice(0, EDGE_LINES)) idx.push(i);
  for (const i of nonEmpty.slice(-EDGE_LINES)) if (!idx.includes(i)) idx.push(i);
  // Structural lines (tables, fences, HTML) are never running lines.
  return idx.filter((i) => !/^\s*(\||<|```)/.test(lines[i]));
}

export function finalizeDocument(pages: string[], _ctx: LayoutContext): string[] {
  if (pages.length < RUNNING_LINE_MIN_PAGES) return pages;
  const split = pages.map((p) => p.split('\n'));
  const counts = new Map<string, number>();
  for (const lines of split) {
    const seen = new Set<string>();
    for (const i of edgeIndexes(lines)) {
      const key = normaliseRunningLine(lines[i]);
      if (key.length < 2 || seen.has(key)) continue;
      seen.add(key);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const threshold = Math.max(RUNNING_LINE_MIN_PAGES, Math.ceil(pages.length * RUNNING_LINE_MIN_SHARE));
  return split.map((lines, p) => {
    const drop = new Set(edgeIndexes(lines).filter((i) => (counts.get(normaliseRunningLine(lines[i])) ?? 0) >= threshold));
    if (drop.size === 0) return pages[p];
    return lines.filter((_, i) => !drop.has(i)).join('\n').replace(/^\n+|\n+$/g, '').replace(/\n{3,}/g, '\n\n');
  });
}
