// Papers' display equations (issue 9): prose with display equations drawn from a generator of
// plausible LaTeX (latex.ts), typeset by KaTeX (the scorer's own copy, html/katex.ts) and printed
// by Chromium (html/print.ts). KaTeX sets its own fonts (KaTeX_Main, KaTeX_Math, KaTeX_Size1-4)
// and places scripts, fraction bars and limits with CSS, so its PDFs are a second producer beside
// TeX's (CMR/CMMI/CMEX) for the same geometry. Equations are centred, sometimes numbered at the
// right margin (the number is a marker: drawn, but not a word to find), one to a few per section,
// introduced by a sentence and often followed by a "where" sentence. The truth holds each
// printed equation's LaTeX (`TruthPage.equations`): property `math` runs the scorer's own math
// test with it on the page's Markdown; `text` and `order` check the prose around.
import type { Rng } from '../random.js';
import type { SyntheticCase } from '../truth.js';
import { printHtml, type Flow, type HtmlDoc, type HtmlPage, type Unit } from '../html/print.js';
import { katexCss, renderDisplayMath } from '../html/katex.js';
import { alignedEquations, equation } from '../latex.js';
import { paragraph, sentence, title } from '../words.js';

const FONTS = ['"Liberation Serif", serif', '"DejaVu Serif", serif', '"Liberation Sans", sans-serif'];

interface Numbering {
  equation: number;
}

function headingUnit(rng: Rng, level: number): Unit {
  const text = title(rng, 2, 5);
  return { html: `<h${level}>${text}</h${level}>`, blocks: [{ kind: 'heading', level, text }], markers: [] };
}

function paragraphUnit(rng: Rng, min = 1, max = 3): Unit {
  const text = paragraph(rng, min, max);
  return { html: `<p>${text}</p>`, blocks: [{ kind: 'paragraph', text }], markers: [] };
}

/** A display equation, one line or aligned lines, numbered at the right margin or not. */
function equationUnit(rng: Rng, numbering: Numbering, numbered: boolean): Unit {
  const tex = rng.chance(0.25) ? alignedEquations(rng) : equation(rng);
  const number = numbered ? `(${++numbering.equation})` : null;
  const html = `<div class="eq">${renderDisplayMath(tex)}${number ? `<span class="eqno">${number}</span>` : ''}</div>`;
  return { html, blocks: [], markers: number ? [number] : [], equations: [tex] };
}

/** A section: a heading, prose, and equations each introduced by a sentence. */
function sectionUnits(rng: Rng, numbering: Numbering, numbered: boolean): Unit[] {
  const units = [headingUnit(rng, 2)];
  if (rng.chance(0.6)) units.push(paragraphUnit(rng));
  for (let i = rng.int(1, 3); i > 0; i--) {
    // The sentence that leads into the equation ends without a stop, as papers' do ("… is").
    const lead = sentence(rng, 8, 30).replace(/\.$/, '');
    units.push({ html: `<p>${lead}</p>`, blocks: [{ kind: 'paragraph', text: lead }], markers: [] });
    units.push(equationUnit(rng, numbering, numbered));
    if (rng.chance(0.6)) {
      const where = `where ${sentence(rng, 6, 20).replace(/^./, (c) => c.toLowerCase())}`;
      units.push({ html: `<p class="cont">${where}</p>`, blocks: [{ kind: 'paragraph', text: where }], markers: [] });
    }
  }
  return units;
}

export async function mathCase(rng: Rng, id: string): Promise<SyntheticCase> {
  const font = rng.pick(FONTS);
  const sizePt = rng.pick([10, 11, 12]);
  const lineHeight = rng.pick([1.2, 1.3, 1.4]);
  const columns = rng.pick([1, 1, 1, 2]);
  const pageCount = rng.int(1, 2);
  const numbered = rng.chance(0.6);
  const numbering: Numbering = { equation: 0 };
  const pages: HtmlPage[] = [];
  for (let p = 0; p < pageCount; p++) {
    const flows: Flow[] = [];
    if (p === 0) flows.push({ columns: 1, units: [headingUnit(rng, 1), paragraphUnit(rng, 2, 4)] });
    const units: Unit[] = [];
    for (let s = 0; s < 4; s++) units.push(...sectionUnits(rng, numbering, numbered));
    flows.push({ columns, units });
    pages.push({ flows, footnotes: null });
  }
  const doc: HtmlDoc = {
    css: `body { font-family: ${font}; font-size: ${sizePt}pt; line-height: ${lineHeight}; text-align: ${rng.chance(0.6) ? 'justify' : 'left'}; }
h1, h2 { font-weight: 700; line-height: 1.2; }
p { margin: 0.5em 0; }
p.cont { text-indent: 0; }
${katexCss()}
.eq { position: relative; break-inside: avoid; }
.eq .katex-display { margin: 0.6em 0; }
.eqno { position: absolute; right: 0; top: 50%; transform: translateY(-50%); }`,
    pages,
    margins: { top: 86, bottom: 86, left: rng.pick([72, 96]), right: rng.pick([72, 96]) },
    header: null,
    footer: null,
    furnitureFont: font,
  };
  const { bytes, truth } = await printHtml(doc, 'center');
  const variant = `${font.split(',')[0].replace(/"/g, '')} ${sizePt}pt columns=${columns} pages=${pageCount}${numbered ? ' numbered' : ''}`;
  return { id, family: 'math', variant, bytes, truth };
}
