// Post-processing shared by the adapters whose servers already answer Markdown or HTML:
// HTML tables → pipe tables (when they have no spans), images → `<!-- image -->`.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (m, e: string) => {
    const lower = e.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower]!;
    if (lower.startsWith('#x')) return safeChar(parseInt(lower.slice(2), 16)) ?? m;
    if (lower.startsWith('#')) return safeChar(parseInt(lower.slice(1), 10)) ?? m;
    return m;
  });
}

function safeChar(code: number): string | undefined {
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** An HTML `<table>` as a pipe table when it has no row/col spans; otherwise the bare table HTML. */
export function htmlTableToMarkdown(html: string): string {
  const table = html.replace(/<\/?(html|body)[^>]*>/gi, '').trim();
  if (!/<table[\s>]/i.test(table)) return table;
  if (/\b(rowspan|colspan)\s*=\s*["']?(?!1["'\s>])\d+/i.test(table)) return table;
  const rows: string[][] = [];
  for (const tr of table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)) {
    const cells = [...tr[1]!.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((c) =>
      decodeEntities(c[1]!.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]+>/g, ''))
        .replace(/\s+/g, ' ')
        .trim(),
    );
    rows.push(cells);
  }
  if (rows.length === 0) return table;
  const width = Math.max(...rows.map((r) => r.length));
  if (width === 0) return table;
  const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => esc(r[i] ?? '')).join(' | ')} |`;
  return [line(rows[0]!), `| ${Array.from({ length: width }, () => '---').join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}

/** Replaces every `<table>…</table>` in Markdown with its pipe-table form where possible. */
export function convertHtmlTables(markdown: string): string {
  return markdown.replace(/(?:<html>\s*<body>\s*)?<table[\s\S]*?<\/table>(?:\s*<\/body>\s*<\/html>)?/gi, (t) => `\n\n${htmlTableToMarkdown(t)}\n\n`);
}

/**
 * Replaces images (Markdown `![…](…)`, HTML `<img …>`, and a `<div>` that only centres one) with
 * `<!-- image -->`; the image bytes are never kept (models-wire.md §3).
 */
export function replaceImages(markdown: string): string {
  return markdown
    .replace(/<div[^>]*>\s*(?:<img[^>]*>\s*)+<\/div>/gi, '<!-- image -->')
    .replace(/<img[^>]*>/gi, '<!-- image -->')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '<!-- image -->');
}

/** Tidies blank lines: at most one empty line between blocks, no leading/trailing blank lines. */
export function tidy(markdown: string): string {
  return markdown.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}
