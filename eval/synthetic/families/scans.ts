// Scans: the first page of a case of another family (prose, headings, lists, columns, furniture,
// footnotes, a statistics table), delivered as a scan (scan.ts: 100-300 dpi, paper tone, faint ink,
// blur, noise, JPEG, skew, a turned page; an image-only PDF, PNG or TIFF). Its text is only in the
// pixels, so every property measures OCR plus layout; words are matched OCR-tolerantly
// (properties.ts, `ocr-words` keeps the exact count).
import type { SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { describeFaults, drawScanFaults, scanPage } from '../scan.js';
import { columnsCase } from './columns.js';
import type { FamilyOutput } from './family.js';
import { footnotesCase } from './footnotes.js';
import { furnitureCase } from './furniture.js';
import { headingsCase } from './headings.js';
import { listsCase } from './lists.js';
import { reportCase } from './report.js';
import { statTableCase } from './stat-table.js';

const BASES = { headings: headingsCase, lists: listsCase, columns: columnsCase, report: reportCase, furniture: furnitureCase, footnotes: footnotesCase, 'stat-table': statTableCase };

export async function scansCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const base = rng.pick(Object.keys(BASES) as Array<keyof typeof BASES>);
  const drawn = await BASES[base](rng, doc);
  // One page: a scan's cost is its OCR, and the page-level properties need no second one.
  doc.truth.pages.length = 1;
  doc.truth.scanned = true;
  // A turned or skewed scan, or one without a recorded resolution, has its own frame.
  doc.truth.unboxed = true;
  const faults = drawScanFaults(rng);
  const input = await scanPage(await doc.save(), 0, faults, rng);
  return { variant: `${base} (${drawn.variant}) ${describeFaults(faults)}`, input };
}
