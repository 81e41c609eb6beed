// A page of a paper set by pdfTeX (issue 9), the way arXiv PDFs are: Computer Modern Type 1 fonts
// (cmr, cmmi, cmsy, cmex; or Times text with CM or Times math), big operators, radicals and tall
// delimiters built from cmex pieces, fraction bars and radical overbars as rules, amsmath's
// environments (equation, align with a number per row, cases, pmatrix/bmatrix), equation numbers
// at the right margin. A numbered section heading, prose with inline math, display equations
// each introduced by a sentence and often followed by a "where" sentence. The truth: the heading,
// the prose words (inline math left out: its glyphs are no words), each display's LaTeX (property
// `math`, the scorer's olmOCR math test, as in the KaTeX-printed `math` family), equation
// numbers as markers. Needs pdflatex (texlive-latex-base, -latex-recommended,
// -fonts-recommended); tex/pdflatex.ts compiles.
import { PDFDocument } from 'pdf-lib';
import type { Rng } from '../random.js';
import type { SyntheticCase, TruthBlock } from '../truth.js';
import { accentedEquation, alignedEquations, casesEquation, equation, matrixEquation } from '../latex.js';
import { compileLatex } from '../tex/pdflatex.js';
import { sentence, title } from '../words.js';

interface Unit {
  tex: string;
  blocks: TruthBlock[];
  markers: string[];
  equations: string[];
  /** A sentence that runs into the display after it (no paragraph break between them). */
  lead?: boolean;
}

/** Text and math fonts: Computer Modern (most papers), Times text over CM math, Times throughout. */
const FONT_SETUPS = [
  { name: 'cm', preamble: '' },
  { name: 'cm', preamble: '' },
  { name: 'cm', preamble: '' },
  { name: 'times', preamble: '\\usepackage{times}' },
  { name: 'mathptmx', preamble: '\\usepackage{mathptmx}' },
];

/** Inline math a sentence carries between its words. */
function inlineMath(rng: Rng): string {
  const v = rng.pick(['x', 'n', 'k', 't', 'p', '\\alpha', '\\beta', '\\lambda', '\\theta', '\\sigma']);
  const r = rng.next();
  if (r < 0.35) return `$${v}$`;
  if (r < 0.6) return `$${v}_{${rng.pick(['i', 'j', 'k', '0', '1'])}}$`;
  if (r < 0.75) return `$${v}^{${rng.int(2, 3)}}$`;
  if (r < 0.9) return `$${rng.pick(['i', 'j', 'k'])} = 1, \\dots, ${rng.pick(['n', 'N', 'm'])}$`;
  return `$${v} \\in \\mathbb{R}^{${rng.pick(['n', 'p', 'd'])}}$`;
}

/** A sentence with inline math after some of its words: the TeX and the words a reader should find. */
function proseSentence(rng: Rng, min: number, max: number, stop = true): { tex: string; text: string } {
  const text = stop ? sentence(rng, min, max) : sentence(rng, min, max).replace(/\.$/, '');
  const words = text.split(' ');
  const tex = words.map((w, i) => (i > 0 && i < words.length - 1 && rng.chance(0.08) ? `${w} ${inlineMath(rng)}` : w)).join(' ');
  return { tex, text };
}

function paragraphUnit(rng: Rng, min: number, max: number): Unit {
  const sentences = Array.from({ length: rng.int(min, max) }, () => proseSentence(rng, 8, 18));
  return { tex: sentences.map((s) => s.tex).join(' '), blocks: [{ kind: 'paragraph', text: sentences.map((s) => s.text).join(' ') }], markers: [], equations: [] };
}

interface Numbering {
  next: number;
}

/**
 * One display: its truth LaTeX (KaTeX's spelling, `aligned` for align's rows) and its source in an
 * amsmath environment, numbered or not (align numbers each row).
 */
function displayUnit(rng: Rng, numbering: Numbering, numbered: boolean): Unit {
  const r = rng.next();
  let truth: string;
  let body: string;
  let env: string;
  let rows = 1;
  if (r < 0.25) {
    truth = alignedEquations(rng);
    body = truth.replace(/^\\begin\{aligned\} | \\end\{aligned\}$/g, '');
    env = 'align';
    rows = body.split(' \\\\ ').length;
  } else {
    const kind = rng.next();
    truth = kind < 0.2 ? matrixEquation(rng) : kind < 0.35 ? casesEquation(rng) : kind < 0.5 ? accentedEquation(rng) : equation(rng);
    body = truth;
    env = 'equation';
  }
  const markers = numbered ? Array.from({ length: rows }, () => `(${numbering.next++})`) : [];
  const tex = `\\begin{${env}${numbered ? '' : '*'}}\n${body}\n\\end{${env}${numbered ? '' : '*'}}`;
  return { tex, blocks: [], markers, equations: [truth] };
}

function headingUnit(rng: Rng, command: 'section' | 'subsection', number: string): Unit {
  const text = title(rng, 2, 5);
  return { tex: `\\${command}{${text}}`, blocks: [{ kind: 'heading', level: command === 'section' ? 2 : 3, text: `${number} ${text}` }], markers: [], equations: [] };
}

function pageUnits(rng: Rng): Unit[] {
  const numbered = rng.chance(0.7);
  const numbering: Numbering = { next: rng.int(1, 12) };
  const section = rng.int(1, 6);
  const units: Unit[] = [
    { tex: `\\setcounter{section}{${section - 1}}\\setcounter{equation}{${numbering.next - 1}}`, blocks: [], markers: [], equations: [] },
    headingUnit(rng, 'section', String(section)),
    paragraphUnit(rng, 2, 4),
  ];
  const displays = rng.int(2, 4);
  let subsection = 0;
  for (let d = 0; d < displays; d++) {
    if (d === 2 && rng.chance(0.5)) units.push(headingUnit(rng, 'subsection', `${section}.${++subsection}`));
    // The sentence that leads into a display ends without a stop, as papers' do ("… is").
    const lead = proseSentence(rng, 8, 24, false);
    units.push({ tex: lead.tex, blocks: [{ kind: 'paragraph', text: lead.text }], markers: [], equations: [], lead: true });
    units.push(displayUnit(rng, numbering, numbered));
    if (rng.chance(0.6)) {
      const where = proseSentence(rng, 6, 18);
      const text = `where ${where.text.replace(/^./, (c) => c.toLowerCase())}`;
      units.push({ tex: `where ${where.tex.replace(/^./, (c) => c.toLowerCase())}\n`, blocks: [{ kind: 'paragraph', text }], markers: [], equations: [] });
    }
  }
  if (rng.chance(0.5)) units.push(paragraphUnit(rng, 1, 3));
  return units;
}

function source(preamble: string, options: string, units: Unit[], folio: number | null): string {
  // A lead sentence runs straight into its display; everything else is a paragraph of its own.
  const body = units.map((u) => (u.lead || u.equations.length > 0 ? `${u.tex}\n` : `${u.tex}\n\n`)).join('');
  // No date or trailer id in the PDF: a case's bytes are a function of its id.
  return `\\pdfinfoomitdate=1 \\pdftrailerid{} \\pdfsuppressptexinfo=-1
\\documentclass[${options}]{article}
\\usepackage{amsmath,amssymb}
${preamble}
\\pagestyle{${folio === null ? 'empty' : 'plain'}}
\\begin{document}
${folio === null ? '' : `\\setcounter{page}{${folio}}`}
${body}
\\end{document}
`;
}

/** How many times a page that ran onto a second sheet is set again with its last unit dropped. */
const MAX_FITS = 6;

export async function texCase(rng: Rng, id: string): Promise<SyntheticCase> {
  const font = rng.pick(FONT_SETUPS);
  const sizePt = rng.pick([10, 11, 12]);
  const columns = rng.pick([1, 1, 1, 2]);
  const margins = rng.chance(0.5) ? '\\usepackage[margin=1in]{geometry}' : '';
  const folio = rng.chance(0.5) ? rng.int(2, 30) : null;
  const options = [`${sizePt}pt`, columns === 2 ? 'twocolumn' : '', rng.chance(0.5) ? 'a4paper' : 'letterpaper'].filter(Boolean).join(',');
  let units = pageUnits(rng);
  let bytes: Uint8Array | null = null;
  for (let attempt = 0; attempt < MAX_FITS; attempt++) {
    bytes = await compileLatex(source(`${font.preamble}\n${margins}`, options, units, folio));
    if ((await PDFDocument.load(bytes)).getPageCount() === 1) break;
    // Drop the last unit, and a lead sentence left without its display.
    units = units.slice(0, -1);
    while (units.length > 3 && units[units.length - 1].lead) units = units.slice(0, -1);
    bytes = null;
  }
  if (!bytes) throw new Error(`${id}: the page does not fit one sheet`);
  const blocks = units.flatMap((u) => u.blocks);
  const markers = units.flatMap((u) => u.markers);
  const equations = units.flatMap((u) => u.equations);
  const furniture = folio === null ? [] : [String(folio)];
  const page = { blocks, boxes: blocks.map((): [number, number, number, number] => [0, 0, 0, 0]), furniture, furnitureBoxes: furniture.map((): [number, number, number, number] => [0, 0, 0, 0]), markers, ...(equations.length ? { equations } : {}) };
  const variant = `${font.name} ${sizePt}pt columns=${columns}${markers.length ? ' numbered' : ''}`;
  return { id, family: 'tex', variant, bytes, truth: { pages: [page], unboxed: true } };
}
