// olmOCR-bench `math` tests made from the display equations a case printed (families/math.ts):
// each equation's LaTeX, run by the corpus scorer itself (../shared/tools/olmocr-score, loaded
// as table-tests.ts loads it) against the page's Markdown. The scorer passes a test when a math
// span of the page is the LaTeX itself or renders (KaTeX MathML) to something containing it.
// Without the scorer (or its KaTeX) the tests are not run.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface MathTest {
  type: 'math';
  math: string;
}

type RunTest = (t: MathTest, md: string) => { pass: boolean; why: string };

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCORER = resolve(resolve(ROOT, process.env.DOCCONV_CORPUS ?? '../shared/corpus'), '../tools/olmocr-score');

async function loadScorer(): Promise<RunTest | null> {
  if (!existsSync(join(SCORER, 'node_modules', 'katex')) || !existsSync(join(SCORER, 'lib/checks.mjs'))) return null;
  const mod = (await import(pathToFileURL(join(SCORER, 'lib/checks.mjs')).href)) as { runTest: RunTest };
  return mod.runTest;
}

/** The scorer's test runner, or null when the scorer or its KaTeX is not installed. */
export const runMathTest: RunTest | null = await loadScorer();
