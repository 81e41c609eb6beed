// The case families and the seeded case list: `<family>-<seed>` names one case everywhere.
import { SyntheticDoc, type FontFamily } from './canvas.js';
import { columnsCase } from './families/columns.js';
import type { FamilyOutput } from './families/family.js';
import { footnotesCase } from './families/footnotes.js';
import { formsCase } from './families/forms.js';
import { furnitureCase } from './families/furniture.js';
import { headingsCase } from './families/headings.js';
import { htmlCase } from './families/html.js';
import { listsCase } from './families/lists.js';
import { mathCase } from './families/math.js';
import { mixedCase } from './families/mixed.js';
import { reportCase } from './families/report.js';
import { scansCase } from './families/scans.js';
import { sidebarsCase } from './families/sidebars.js';
import { statTableCase } from './families/stat-table.js';
import { longTableCase, tableCase } from './families/tables.js';
import { templateCase } from './families/template.js';
import { texCase } from './families/tex.js';
import { Rng } from './random.js';
import type { SyntheticCase } from './truth.js';

type FamilyGenerator = (rng: Rng, doc: SyntheticDoc) => Promise<FamilyOutput>;

export const FAMILIES: Record<string, FamilyGenerator> = {
  table: tableCase,
  'long-table': longTableCase,
  'stat-table': statTableCase,
  columns: columnsCase,
  headings: headingsCase,
  furniture: furnitureCase,
  template: templateCase,
  lists: listsCase,
  footnotes: footnotesCase,
  report: reportCase,
  mixed: mixedCase,
  sidebars: sidebarsCase,
  scans: scansCase,
  forms: formsCase,
};

/**
 * Families run only when named (`--family scans`): OCR costs ~10x a text-layer case, and the default
 * run stays the text-layer set every branch compares against. `forms` is opt-in until it passes.
 */
const OPT_IN_FAMILIES = new Set(['scans', 'forms']);

/** The families of a default run. */
export const FAMILY_NAMES = Object.keys(FAMILIES).filter((f) => !OPT_IN_FAMILIES.has(f));

/**
 * Families printed by a browser (Chromium): run only when named (`--family html`), since they need
 * Chromium installed; not in the default set nor in `npm test`'s sample.
 */
export const BROWSER_FAMILIES: Record<string, (rng: Rng, id: string) => Promise<SyntheticCase>> = {
  html: htmlCase,
  math: mathCase,
};

/**
 * Families typeset by pdflatex (families/tex.ts): run only when named (`--family tex`), since they
 * need TeX installed (texlive-latex-base, -latex-recommended, -fonts-recommended).
 */
export const TEX_FAMILIES: Record<string, (rng: Rng, id: string) => Promise<SyntheticCase>> = {
  tex: texCase,
};

function familySeed(family: string, seed: number): Rng {
  // The family name is mixed into the seed so that seed n of two families differ.
  let mixed = seed >>> 0;
  for (const ch of family) mixed = (Math.imul(mixed, 31) + ch.charCodeAt(0)) >>> 0;
  return new Rng(mixed);
}

export async function generateCase(family: string, seed: number): Promise<SyntheticCase> {
  const outside = BROWSER_FAMILIES[family] ?? TEX_FAMILIES[family];
  if (outside) return outside(familySeed(family, seed), `${family}-${seed}`);
  const generate = FAMILIES[family];
  if (!generate) throw new Error(`unknown synthetic family: ${family}`);
  const rng = familySeed(family, seed);
  const fontFamily: FontFamily = rng.chance(0.5) ? 'helvetica' : 'times';
  const doc = await SyntheticDoc.create(fontFamily);
  const out = await generate(rng, doc);
  return { id: `${family}-${seed}`, family, variant: `${fontFamily} ${out.variant}`, bytes: out.input ?? (await doc.save()), truth: doc.truth };
}

/** Parses a case id back into its family and seed. */
export function parseCaseId(id: string): { family: string; seed: number } {
  const m = /^(.+)-(\d+)$/.exec(id);
  if (!m || !(FAMILIES[m[1]] || BROWSER_FAMILIES[m[1]] || TEX_FAMILIES[m[1]])) throw new Error(`not a synthetic case id: ${id}`);
  return { family: m[1], seed: Number(m[2]) };
}

/** `perFamily` cases of every family, seeds from `firstSeed`. */
export function caseIds(perFamily: number, firstSeed = 1, families = FAMILY_NAMES): string[] {
  return families.flatMap((f) => Array.from({ length: perFamily }, (_, i) => `${f}-${firstSeed + i}`));
}
