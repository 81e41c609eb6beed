// Is this PDF a scan with a text layer (page images with an OCR layer over them)? Decided once per
// opened document from its first pages, so every worker reaches the same verdict whichever pages
// it reads (extract.ts: output must not depend on how pages were spread over the pool).
import type { PdfPages } from './document.js';
import { collectGraphics, type Matrix } from './graphics.js';
import { placementsOnly } from './pdfjs-worker.js';
import { hasScanBackdrop } from './extract.js';

/** The first pages looked at; a cover alone over an image does not make a scan. */
const SAMPLE_PAGES = 3;

export type ScannedCheck = (seen?: { index: number; backdrop: boolean }) => Promise<boolean>;

/** A check that also tells its verdict once reached (the probe hands it to the parse runs). */
export type SettlingCheck = ScannedCheck & { reached(): boolean | undefined };

async function pageBackdrop(pdf: Pick<PdfPages, 'getPage'>, index: number): Promise<boolean> {
  const page = await pdf.getPage(index);
  const viewport = page.getViewport({ scale: 1 });
  const opList = await placementsOnly(() => page.getOperatorList({ annotationMode: 0 }));
  const graphics = collectGraphics(opList.fnArray, opList.argsArray, viewport.transform as Matrix, viewport.width, viewport.height);
  return hasScanBackdrop(graphics, viewport.width, viewport.height);
}

/**
 * Most of the sampled pages (two at least, where there are two) lie over a page-sized image.
 * `decided`: the verdict already reached on this document (by the probe, from the same bytes),
 * so this thread does not read the sampled pages' operator lists again.
 */
export function scannedDocumentCheck(pdf: Pick<PdfPages, 'getPage' | 'numPages'>, decided?: boolean): SettlingCheck {
  const sample = Math.min(SAMPLE_PAGES, pdf.numPages);
  const known = new Map<number, boolean>();
  let verdict: Promise<boolean> | undefined = decided === undefined ? undefined : Promise.resolve(decided);
  let reached = decided;
  const check: ScannedCheck = (seen) => {
    if (seen && seen.index < sample) known.set(seen.index, seen.backdrop);
    verdict ??= (async () => {
      let scans = 0;
      for (let i = 0; i < sample; i++) {
        let backdrop = known.get(i);
        if (backdrop === undefined) {
          backdrop = await pageBackdrop(pdf, i).catch(() => false);
          known.set(i, backdrop);
        }
        if (backdrop) scans++;
      }
      reached = scans >= Math.min(2, sample) && scans * 2 >= sample;
      return reached;
    })();
    return verdict;
  };
  return Object.assign(check, { reached: () => reached });
}
