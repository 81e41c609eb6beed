// Cheap document features for routing (models/router): page count, then a look at up to
// PROBE_SAMPLE_PAGES pages spread over the document. Runs inside a pool worker.
import { imagePageCount } from './images.js';
import { PROBE_SAMPLE_PAGES } from './limits.js';
import type { PageLayoutInput } from './layout/types.js';
import { withPdfPages, type PdfPages } from './pdf/document.js';
import { finishDocument, laidOut, type ParsedDocument } from './pipeline.js';
import { pageNeedsOcr, readsWithOcr } from './source/ocr-rules.js';
import { encodeWindowPages, type SampledPages, type WindowPage } from './window-page.js';
import { sniffMediaType, type MediaType } from './sniff.js';
import { ParseError } from './errors.js';
import { extractPageLayout, usableTextLayer } from './pdf/extract.js';
import { scannedDocumentCheck } from './pdf/scan-sample.js';
import { formFieldsCheck } from './pdf/form-fields.js';
import { drawnBulletsCheck } from './pdf/drawn-bullets.js';

export type Script = 'latin' | 'cjk' | 'arabic' | 'cyrillic' | 'other' | 'unknown';

export interface DocumentProbe {
  mediaType: MediaType;
  pages: number;
  /** 0..1, share of sampled pages with a usable text layer (images: 0). */
  textLayerCoverage: number;
  /** Sampled pages that need OCR. */
  scannedPages: number;
  hasTables: boolean;
  hasFormulas: boolean;
  hasImages: boolean;
  script: Script;
}

/** Up to `n` page indices spread evenly over `pages`, first and last included. */
export function samplePages(pages: number, n = PROBE_SAMPLE_PAGES): number[] {
  if (pages <= n) return Array.from({ length: pages }, (_, i) => i);
  const out = new Set<number>();
  for (let i = 0; i < n; i++) out.add(Math.round((i * (pages - 1)) / (n - 1)));
  return [...out];
}

const MATH_CHARS = /[∑∏∫∮√∞∂∇≤≥≠≈≡±∓×÷∈∉⊂⊃⊆⊇∪∩∀∃→⇒⇔∧∨¬αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ]/gu;
const MATH_FONT = /(CMMI|CMSY|CMEX|MSBM|MSAM|Math|STIX|Cambria-?Math|Symbol|rsfs|eufm)/i;

export function looksLikeFormulas(input: PageLayoutInput): boolean {
  let symbols = 0;
  let mathFontRuns = 0;
  for (const r of input.runs) {
    symbols += r.text.match(MATH_CHARS)?.length ?? 0;
    if (r.fontName && MATH_FONT.test(r.fontName)) mathFontRuns++;
  }
  return symbols >= 5 || mathFontRuns >= 3;
}

/** Ruled grids (several horizontal and vertical rules) or lines of text aligned in columns. */
export function looksLikeTable(input: PageLayoutInput): boolean {
  let horizontal = 0;
  let vertical = 0;
  for (const l of input.rules) {
    if (Math.abs(l.y1 - l.y0) < 1 && Math.abs(l.x1 - l.x0) > 20) horizontal++;
    else if (Math.abs(l.x1 - l.x0) < 1 && Math.abs(l.y1 - l.y0) > 8) vertical++;
  }
  if (horizontal >= 3 && vertical >= 2) return true;
  // Aligned columns: lines made of ≥ 3 cells separated by wide gaps, sharing cell start positions.
  const lines = new Map<number, typeof input.runs>();
  for (const r of input.runs) {
    const key = Math.round(r.y / 3);
    const line = lines.get(key);
    if (line) line.push(r);
    else lines.set(key, [r]);
  }
  const starts = new Map<number, number>();
  let rows = 0;
  for (const line of lines.values()) {
    line.sort((a, b) => a.x - b.x);
    const cells = [line[0].x];
    for (let i = 1; i < line.length; i++) {
      const gap = line[i].x - (line[i - 1].x + line[i - 1].width);
      if (gap > 2 * Math.max(4, line[i].fontSize)) cells.push(line[i].x);
    }
    if (cells.length < 3) continue;
    rows++;
    for (const x of cells) starts.set(Math.round(x / 6), (starts.get(Math.round(x / 6)) ?? 0) + 1);
  }
  const sharedColumns = [...starts.values()].filter((c) => c >= 4).length;
  return rows >= 4 && sharedColumns >= 3;
}

export function dominantScript(texts: string[]): Script {
  const counts = { latin: 0, cjk: 0, arabic: 0, cyrillic: 0, other: 0 };
  for (const t of texts) {
    for (const ch of t) {
      if (/\p{Script=Latin}/u.test(ch)) counts.latin++;
      else if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(ch)) counts.cjk++;
      else if (/\p{Script=Arabic}/u.test(ch)) counts.arabic++;
      else if (/\p{Script=Cyrillic}/u.test(ch)) counts.cyrillic++;
      else if (/\p{L}/u.test(ch)) counts.other++;
    }
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (total === 0) return 'unknown';
  // CJK characters carry a word each: weigh them up against alphabetic letters.
  const weighted = { ...counts, cjk: counts.cjk * 3 };
  return (Object.entries(weighted).sort((a, b) => b[1] - a[1])[0][0]) as Script;
}

/**
 * The probe, plus the parsed document when the probe read every page and none needs OCR (a short
 * document: PROBE_SAMPLE_PAGES pages or fewer). The parse then reuses it instead of opening and
 * reading the document a second time (issue 11 item 3); OCR pages depend on `lang`, so not those.
 */
export type ProbeOutcome = DocumentProbe & {
  parsed?: ParsedDocument;
  /**
   * A longer document's sampled pages that need no OCR, laid out as a parse run lays them out
   * (encoded: window-page.ts), so the parse does not read them again (issue 11).
   */
  sampled?: SampledPages;
  /** The document's scan verdict (pdf/scan-sample.ts) when the probe reached it: the parse runs reuse it. */
  scanned?: boolean;
};

/**
 * Probes in this thread (a pool worker). Past `sampleUntil` (epoch ms) no further page is sampled:
 * the features come from the pages read so far (at least one).
 */
export async function probeInThread(bytes: Uint8Array, onStart?: (pages: number) => void, sampleUntil = Infinity): Promise<ProbeOutcome> {
  const mediaType = sniffMediaType(bytes);
  if (mediaType === null) throw new ParseError('unsupported_media_type');
  if (mediaType !== 'application/pdf') {
    const pages = await imagePageCount(bytes);
    return { mediaType, pages, textLayerCoverage: 0, scannedPages: Math.min(pages, PROBE_SAMPLE_PAGES), hasTables: false, hasFormulas: false, hasImages: true, script: 'unknown' };
  }
  // Same page-tree repair as the parser (pdf/document.ts): the probe does not refuse a file that
  // the parser would convert.
  return withPdfPages(bytes, (pdf) => probePdf(pdf, mediaType, onStart, sampleUntil));
}

async function probePdf(doc: PdfPages, mediaType: MediaType, onStart: ((pages: number) => void) | undefined, sampleUntil: number): Promise<ProbeOutcome> {
  const pages = doc.numPages;
  const sample = samplePages(pages);
  onStart?.(sample.length);
  const probe: DocumentProbe = { mediaType, pages, textLayerCoverage: 0, scannedPages: 0, hasTables: false, hasFormulas: false, hasImages: false, script: 'unknown' };
  const texts: string[] = [];
  let usable = 0;
  let sampled = 0;
  // The parser's own per-document scan verdict (source/pdf.ts), so a short document parsed from
  // this reading converts exactly as the pool would convert it.
  const scanned = scannedDocumentCheck(doc);
  // Form field values are read as the parser reads them: a short form parsed from this reading
  // kept its printed labels and lost the values filled in (issue 11).
  const forms = await formFieldsCheck(doc)();
  const drawnBullets = await drawnBulletsCheck(doc)();
  const laid: WindowPage[] = [];
  // Reusable when every page was read and none needs OCR, of the page or of its pictures
  // (source/image-text.ts): OCR depends on `lang`.
  let reusable = sample.length === pages;
  const indexes: number[] = [];
  for (const i of sample) {
    if (sampled > 0 && Date.now() > sampleUntil) break;
    sampled++;
    const page = await doc.getPage(i);
    try {
      const input = await extractPageLayout(page, i, { forms, drawnBullets, scanned });
      if (usableTextLayer(input)) usable++;
      if (pageNeedsOcr(input)) probe.scannedPages++;
      const pageReusable = !readsWithOcr(input);
      reusable &&= pageReusable;
      probe.hasTables ||= looksLikeTable(input);
      probe.hasFormulas ||= looksLikeFormulas(input);
      probe.hasImages ||= input.images.length > 0;
      for (const r of input.runs) texts.push(r.text);
      if (pageReusable) {
        laid.push(laidOut(i, input));
        indexes.push(i);
      }
    } finally {
      page.cleanup();
    }
  }
  probe.textLayerCoverage = sampled > 0 ? usable / sampled : 0;
  probe.script = dominantScript(texts);
  if (reusable && sampled === pages) return { ...probe, parsed: finishDocument(laid) };
  const verdict = scanned.reached();
  return {
    ...probe,
    ...(verdict === undefined ? {} : { scanned: verdict }),
    ...(laid.length > 0 ? { sampled: { indexes, encoded: encodeWindowPages(laid) } } : {}),
  };
}
