// KaTeX for the `math` family (families/math.ts): the scorer's own copy (../shared/tools/olmocr-score,
// beside the corpus, as table-tests.ts loads the scorer), so equations are drawn by the very
// version that judges them. Its CSS is inlined with the fonts as data URLs (woff2 only), so the
// page Chromium prints needs nothing from disk or network.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Katex {
  renderToString(tex: string, options: Record<string, unknown>): string;
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCORER = resolve(resolve(ROOT, process.env.DOCCONV_CORPUS ?? '../shared/corpus'), '../tools/olmocr-score');

function load(): { katex: Katex; dist: string } | null {
  if (!existsSync(join(SCORER, 'node_modules', 'katex'))) return null;
  const require = createRequire(join(SCORER, 'package.json'));
  const main = require.resolve('katex');
  return { katex: require('katex') as Katex, dist: join(dirname(main), main.includes('/dist/') ? '' : 'dist') };
}

const loaded = load();

/** Whether KaTeX is there (the scorer installed with its dependencies: `npm run eval` does it). */
export function katexAvailable(): boolean {
  return loaded !== null;
}

/** `tex` as KaTeX's HTML in display mode (no MathML beside it: the PDF's text is the glyphs drawn). */
export function renderDisplayMath(tex: string): string {
  if (!loaded) throw new Error('KaTeX not installed (npm --prefix ../shared/tools/olmocr-score ci)');
  return loaded.katex.renderToString(tex, { displayMode: true, output: 'html', throwOnError: true, strict: 'ignore' });
}

let css: string | null = null;

/** katex.min.css with every font as an inline woff2 data URL. */
export function katexCss(): string {
  if (!loaded) throw new Error('KaTeX not installed');
  if (css !== null) return css;
  const raw = readFileSync(join(loaded.dist, 'katex.min.css'), 'utf8');
  css = raw.replace(/src:\s*url\((fonts\/[^)]+\.woff2)\)[^;}]*/g, (_m, file: string) => {
    const data = readFileSync(join(loaded.dist, file)).toString('base64');
    return `src:url(data:font/woff2;base64,${data}) format("woff2")`;
  });
  return css;
}
