// Prints a document written as HTML to PDF with Chromium, each `HtmlPage` on one sheet, and
// returns the ground truth of what was printed. Chromium lays the text out itself (line breaks,
// CSS columns, tables), so what fits on a sheet is measured in the browser first: units are taken
// off the end of a page until it fits, and only the units printed are in the truth.
import { PDFDocument } from 'pdf-lib';
import type { CaseTruth, TruthBlock, TruthPage } from '../truth.js';
import { sharedBrowser } from './browser.js';

/** One element of a flow (a heading, a paragraph, a list, a table, a figure) and its truth blocks. */
export interface Unit {
  html: string;
  blocks: TruthBlock[];
  /** List numbers and bullets, footnote markers it draws. */
  markers: string[];
  /** The LaTeX of the display equations it draws (the `math` family). */
  equations?: string[];
}

/** Units read in order, set in `columns` CSS columns (balanced). */
export interface Flow {
  columns: number;
  units: Unit[];
}

export interface HtmlPage {
  flows: Flow[];
  /** Footnotes set at the foot of the sheet, read after the flows. */
  footnotes: Unit | null;
}

export interface HtmlDoc {
  css: string;
  pages: HtmlPage[];
  /** Margins in CSS px (96 per inch); the running header and footer sit inside them. */
  margins: { top: number; bottom: number; left: number; right: number };
  /** Running header text, the same on every sheet. */
  header: string | null;
  /** Folio in the footer: `n` or `Page n of N`. */
  footer: 'number' | 'page-of' | null;
  /** CSS font for the header and footer. */
  furnitureFont: string;
}

const LETTER_PX = { width: 8.5 * 96, height: 11 * 96 };
/** Head room kept when measuring: print layout may differ from the measured one by a line's rounding. */
const SLACK_PX = 12;

/**
 * Run in the page (a string: the TypeScript loader's helpers do not exist there). Per page, per
 * flow: how many units are left once the page fits its sheet (a heading left last goes too).
 * Footnotes then go to the foot of the sheet, the way a typesetter places them.
 */
const FIT_PAGES = `(avail) => {
  const out = [];
  for (const sec of document.querySelectorAll('section.page')) {
    const flows = Array.from(sec.querySelectorAll(':scope > .flow'));
    const last = () => [...flows].reverse().find((f) => f.children.length > 0);
    const endsInHeading = () => /^H[1-6]$/.test(last()?.lastElementChild?.tagName ?? '');
    for (let guard = 0; guard < 200 && (sec.getBoundingClientRect().height > avail || endsInHeading()); guard++) {
      const f = last();
      if (!f || (f === flows[0] && f.children.length === 1)) break;
      f.lastElementChild.remove();
    }
    out.push(flows.map((f) => f.children.length));
    const notes = sec.querySelector(':scope > .footnotes');
    if (notes) {
      sec.style.height = avail + 'px';
      Object.assign(notes.style, { position: 'absolute', left: '0', right: '0', bottom: '0' });
    }
  }
  return out;
}`;

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function pageHtml(doc: HtmlDoc): string {
  const sections = doc.pages.map((p) => {
    const flows = p.flows.map((f) => `<div class="flow c${f.columns}">${f.units.map((u) => u.html).join('\n')}</div>`).join('\n');
    return `<section class="page">${flows}${p.footnotes ? `<div class="footnotes">${p.footnotes.html}</div>` : ''}</section>`;
  });
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html, body { margin: 0; padding: 0; }
section.page { display: flow-root; position: relative; break-after: page; }
section.page:last-child { break-after: auto; }
.flow { display: flow-root; }
.c2 { columns: 2; column-gap: 0.3in; }
.c3 { columns: 3; column-gap: 0.25in; }
table, figure, li, h1, h2, h3, h4 { break-inside: avoid; }
.footnotes { font-size: 0.8em; border-top: 0.5px solid #000; margin-top: 12px; padding-top: 4px; }
.footnotes p { margin: 0 0 2px 0; }
${doc.css}
</style></head><body>${sections.join('\n')}</body></html>`;
}

function furnitureTemplate(doc: HtmlDoc, inner: string, align: string): string {
  return `<div style="font-size: 8pt; font-family: ${doc.furnitureFont}; width: 100%; margin: 0 ${doc.margins.right}px 0 ${doc.margins.left}px; text-align: ${align};">${inner}</div>`;
}

/** Prints `doc`; the truth holds the units that fit on each sheet. */
export async function printHtml(doc: HtmlDoc, headerAlign: 'left' | 'right' | 'center'): Promise<{ bytes: Uint8Array; truth: CaseTruth }> {
  const browser = await sharedBrowser();
  const page = await browser.newPage();
  try {
    const width = LETTER_PX.width - doc.margins.left - doc.margins.right;
    const height = LETTER_PX.height - doc.margins.top - doc.margins.bottom;
    await page.setViewportSize({ width: Math.round(width), height: Math.round(height) });
    await page.emulateMedia({ media: 'print' });
    await page.setContent(pageHtml(doc));
    // Per page, per flow: how many units are left once the page fits (a trailing heading goes too).
    const kept = (await page.evaluate(`(${FIT_PAGES})(${height - SLACK_PX})`)) as number[][];
    const px = (n: number) => `${n}px`;
    const header = doc.header ? furnitureTemplate(doc, escapeHtml(doc.header), headerAlign) : '<span></span>';
    const folio = doc.footer === 'page-of' ? 'Page <span class="pageNumber"></span> of <span class="totalPages"></span>' : '<span class="pageNumber"></span>';
    const footer = doc.footer ? furnitureTemplate(doc, folio, 'center') : '<span></span>';
    const pdf = await page.pdf({
      width: '8.5in',
      height: '11in',
      margin: { top: px(doc.margins.top), bottom: px(doc.margins.bottom), left: px(doc.margins.left), right: px(doc.margins.right) },
      printBackground: true,
      displayHeaderFooter: doc.header !== null || doc.footer !== null,
      headerTemplate: header,
      footerTemplate: footer,
    });
    const bytes = new Uint8Array(pdf);
    const sheets = (await PDFDocument.load(bytes)).getPageCount();
    if (sheets !== doc.pages.length) throw new Error(`html case: ${doc.pages.length} pages printed on ${sheets} sheets`);
    const pages = doc.pages.map((p, i): TruthPage => {
      const units = [...p.flows.flatMap((f, k) => f.units.slice(0, kept[i][k])), ...(p.footnotes ? [p.footnotes] : [])];
      const furniture = [...(doc.header ? [doc.header] : []), ...(doc.footer === 'page-of' ? [`Page ${i + 1} of ${doc.pages.length}`] : doc.footer ? [String(i + 1)] : [])];
      const blocks = units.flatMap((u) => u.blocks);
      const equations = units.flatMap((u) => u.equations ?? []);
      return { blocks, boxes: blocks.map(() => [0, 0, 0, 0]), furniture, furnitureBoxes: furniture.map(() => [0, 0, 0, 0]), markers: units.flatMap((u) => u.markers), ...(equations.length ? { equations } : {}) };
    });
    return { bytes, truth: { pages, unboxed: true } };
  } finally {
    await page.close();
  }
}
