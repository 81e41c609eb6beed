// A display equation's glyphs and rules → LaTeX, by geometry alone (issue 9), so it holds for any
// producer (TeX's CMR/CMMI/CMEX, KaTeX's fonts in a browser, Word's Cambria Math):
// - a horizontal rule with glyphs over and under it is a fraction bar (numerator over it,
//   denominator under it, within its extent); a rule with glyphs under it only is a radical's
//   overbar (what lies under it is the root's content; a √ glyph just left of it is its sign);
// - ∑ ∏ ⋃ ⋂ with smaller glyphs stacked over and under them have limits (`_{}^{}`);
// - a smaller glyph raised off the row's baseline is a superscript of the glyph before it, a
//   lowered one a subscript (∫'s limits beside it are scripts too);
// - a parenthesis or bracket taller than the row's own glyphs, or set in a delimiter face, is a
//   stretched delimiter (`\left( … \right)`) when a stretched closing one follows;
// - rows stacked with a relation each, the relations one above the other, are aligned lines.
// Rules are taken longest first, so a fraction inside a fraction, a root inside a fraction or a
// fraction inside a root is read from the outside in; the parts are parsed by the same function.
import type { TextRun } from './types.js';
import { baselineOf } from './lines.js';
import { median } from './order-stats.js';
import { isMathFont } from '../markdown/math.js';
import { arrayLatex, findArrays } from './math-arrays.js';
import { assemblePieces, isBar } from './math-pieces.js';
import { symbolMathChar } from '../pdf/symbol-font.js';

export interface MathGlyph {
  ch: string;
  x0: number;
  x1: number;
  baseline: number;
  size: number;
  /** Height of the glyph's run (font ascent to descent): a stretched delimiter is taller. */
  height: number;
  font: string;
  /** The run it was cut from. */
  run: TextRun;
  /**
   * The ink's top and bottom where the glyph hangs from its baseline (TeX's extension font: ∑,
   * tall delimiters, whose exact box pdf/cmex.ts gives) or was built of pieces (math-pieces.ts);
   * null for a glyph set around its baseline.
   */
  ink: readonly [number, number] | null;
}

/** A horizontal rule: fraction bar or radical overbar. */
export interface MathBar {
  x0: number;
  x1: number;
  y: number;
}

const BIG_LIMIT_OPS: Record<string, string> = { '∑': '\\sum', '∏': '\\prod', '⋃': '\\bigcup', '⋂': '\\bigcap', '∐': '\\coprod' };
const INTEGRALS: Record<string, string> = { '∫': '\\int', '∮': '\\oint', '∬': '\\iint' };
const OPEN = '([{⟨';
const CLOSE = ')]}⟩';
const RELATIONS = new Set(['=', '<', '>', '≤', '≥', '≈', '≡', '≠', '∼', '≃', '≅', '∝', '⩽', '⩾']);
/** Faces that set stretched delimiters and big operators. */
const DELIMITER_FACE = /KaTeX_Size\d|CMEX|Extension|MathExt|LMMathExtension/i;

const SYMBOLS: Record<string, string> = {
  '−': '-', '≤': '\\leq', '≥': '\\geq', '⩽': '\\leq', '⩾': '\\geq', '≈': '\\approx', '≡': '\\equiv', '≠': '\\neq',
  '×': '\\times', '⋅': '\\cdot', '·': '\\cdot', '±': '\\pm', '∓': '\\mp', '∞': '\\infty', '∂': '\\partial', '∇': '\\nabla',
  '∆': '\\Delta', 'Ω': '\\Omega',
  '→': '\\rightarrow', '∈': '\\in', '∼': '\\sim', '∝': '\\propto', '{': '\\{', '}': '\\}', '⟨': '\\langle', '⟩': '\\rangle',
};

/** Accents set as glyphs of their own over a letter (TeX's cmr accents, Unicode's spacing ones). */
const ACCENTS: Record<string, string> = {
  '¯': '\\bar', 'ˉ': '\\bar', 'ˆ': '\\hat', '˜': '\\tilde', '˙': '\\dot', '¨': '\\ddot', 'ˇ': '\\check', '˘': '\\breve', '´': '\\acute', '`': '\\grave',
  // The combining forms, as some fonts' glyph names map (a Ghostscript-rewritten cmr's hat).
  '\u0302': '\\hat', '\u0303': '\\tilde', '\u0304': '\\bar', '\u0305': '\\bar', '\u0307': '\\dot', '\u0308': '\\ddot', '\u030C': '\\check', '\u0306': '\\breve', '\u0301': '\\acute', '\u0300': '\\grave',
};

/**
 * Each accent glyph's letter: the glyph under it (the accent's middle within the letter's width),
 * the accent on the letter's baseline or raised over a tall letter, never below it.
 */
function accentBases(gs: MathGlyph[]): Map<MathGlyph, MathGlyph> {
  const out = new Map<MathGlyph, MathGlyph>();
  for (const a of gs) {
    if (!ACCENTS[a.ch]) continue;
    let best: MathGlyph | null = null;
    for (const g of gs) {
      if (g === a || ACCENTS[g.ch] || g.size < 0.7 * a.size || /\s/u.test(g.ch)) continue;
      const pad = 0.1 * g.size;
      if (center(a) < g.x0 - pad || center(a) > g.x1 + pad) continue;
      if (a.baseline > g.baseline + 0.1 * g.size || a.baseline < g.baseline - 0.6 * g.size) continue;
      if (!best || Math.abs(center(g) - center(a)) < Math.abs(center(best) - center(a))) best = g;
    }
    if (best && ![...out.values()].includes(best)) out.set(a, best);
  }
  return out;
}

/** A run cut into glyphs, each given an equal share of the run's width (pdf.js gives runs, not glyphs). */
export function glyphsOf(runs: TextRun[]): MathGlyph[] {
  const out: MathGlyph[] = [];
  for (const r of runs) {
    const chars = [...r.text];
    const w = r.width / Math.max(1, chars.length);
    chars.forEach((ch, k) => {
      if (/\s/u.test(ch)) return;
      const baseline = baselineOf(r);
      const hung = r.y + r.height > baseline + 0.5 * r.fontSize;
      out.push({ ch, x0: r.x + k * w, x1: r.x + (k + 1) * w, baseline, size: r.fontSize, height: r.height, font: r.fontName ?? '', run: r, ink: hung ? [r.y, r.y + r.height] : null });
    });
  }
  return out;
}

const center = (g: { x0: number; x1: number }) => (g.x0 + g.x1) / 2;
/** The middle of a glyph's x-height (of its ink, for a hung glyph): what is over or under a bar. */
const middle = (g: MathGlyph) => (g.ink ? (g.ink[0] + g.ink[1]) / 2 : g.baseline - 0.25 * g.size);

/** One piece of a parsed row: its LaTeX, its left edge, and whether it is a relation. */
interface Token {
  tex: string;
  x: number;
  relation?: boolean;
}

function isBigOp(g: MathGlyph): boolean {
  return BIG_LIMIT_OPS[g.ch] !== undefined || INTEGRALS[g.ch] !== undefined;
}

function glyphTex(ch: string): string {
  return SYMBOLS[ch] ?? ch;
}

/** The size of the row's own glyphs: the largest but big operators and delimiters. */
function mainSize(gs: MathGlyph[]): number {
  let size = 0;
  for (const g of gs) if (!isBigOp(g) && !DELIMITER_FACE.test(g.font) && g.size > size) size = g.size;
  return size || Math.max(...gs.map((g) => g.size));
}

/** The row's baseline: the one most of its main-size glyphs sit on. */
function mainBaseline(gs: MathGlyph[], size: number): number {
  const votes = new Map<number, number>();
  for (const g of gs) {
    if (g.size < 0.9 * size || isBigOp(g) || g.ink) continue;
    const key = Math.round(g.baseline / (0.1 * size));
    votes.set(key, (votes.get(key) ?? 0) + 1);
  }
  let best: number | null = null;
  let n = 0;
  for (const [k, v] of votes) if (v > n) (best = k), (n = v);
  if (best === null) return gs[0].baseline;
  const on = gs.filter((g) => Math.round(g.baseline / (0.1 * size)) === best);
  return on.reduce((s, g) => s + g.baseline, 0) / on.length;
}

/**
 * Tokens written out close, as formulaToLatex writes a line ("h=Wx+Uy"): a space only where a
 * command would run into a letter ("\\cdot x"), none around = + -.
 */
function joinTokens(tokens: Token[]): string {
  let out = '';
  for (const t of tokens) {
    const tex = t.tex.trim();
    if (!tex) continue;
    if (/\\[A-Za-z]+$/.test(out) && /^\p{L}/u.test(tex)) out += ' ';
    out += tex;
  }
  return out.replace(/\s*([=+\-])\s*/g, '$1');
}

/** Fractions and roots: bars taken longest first, each with what lies over and under it. */
function barAtoms(gs: MathGlyph[], bars: MathBar[], used: Set<MathGlyph>, size: number): Token[] {
  const atoms: Token[] = [];
  const usedBars = new Set<MathBar>();
  const sorted = bars.slice().sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0));
  for (const bar of sorted) {
    if (usedBars.has(bar)) continue;
    const pad = 0.15 * size;
    const inX = (g: { x0: number; x1: number }) => center(g) >= bar.x0 - pad && center(g) <= bar.x1 + pad;
    const free = gs.filter((g) => !used.has(g) && inX(g));
    const over = free.filter((g) => middle(g) < bar.y);
    const under = free.filter((g) => middle(g) > bar.y);
    if (under.length === 0) continue;
    const inner = (side: MathGlyph[], above: boolean) =>
      sorted.filter((b) => b !== bar && !usedBars.has(b) && b.x0 >= bar.x0 - pad && b.x1 <= bar.x1 + pad && (above ? b.y < bar.y : b.y > bar.y) && side.length > 0);
    if (over.length > 0) {
      const innerOver = inner(over, true);
      const innerUnder = inner(under, false);
      [...innerOver, ...innerUnder].forEach((b) => usedBars.add(b));
      usedBars.add(bar);
      [...over, ...under].forEach((g) => used.add(g));
      atoms.push({ tex: `\\frac{${parseRow(over, innerOver)}}{${parseRow(under, innerUnder)}}`, x: bar.x0 });
    } else {
      // A radical's overbar: its content is under it; TeX's √ glyph stands just left of it.
      const innerUnder = inner(under, false);
      innerUnder.forEach((b) => usedBars.add(b));
      usedBars.add(bar);
      under.forEach((g) => used.add(g));
      for (const g of gs) if (!used.has(g) && g.ch === '√' && g.x1 >= bar.x0 - 0.5 * size && g.x0 < bar.x0) used.add(g);
      atoms.push({ tex: `\\sqrt{${parseRow(under, innerUnder)}}`, x: bar.x0 - 0.01 });
    }
  }
  return atoms;
}

/**
 * The limits of ∑ ∏ …: smaller glyphs within an em of its sides, over its top or under its foot,
 * only the line nearest to it on each side (a row below may hold small glyphs in that stretch too).
 */
function limitsOf(op: MathGlyph, gs: MathGlyph[], used: Set<MathGlyph>): { upper: MathGlyph[]; lower: MathGlyph[] } {
  const reach = 1.0 * op.size;
  const near = gs.filter((g) => g !== op && !used.has(g) && g.size < 0.9 * op.size && center(g) >= op.x0 - reach && center(g) <= op.x1 + reach);
  const top = op.ink ? op.ink[0] : op.baseline - op.height * 0.75;
  // The foot of the operator's ink, where the lower limit hangs.
  const foot = op.ink ? op.ink[1] - 0.35 * op.size : op.baseline;
  // A line wholly right of the operator is its scripts set beside it (\textstyle, as in cases
  // and inline), and one wholly left of it the scripts of what precedes it ("m^{n+1} · ∑"): neither
  // is a limit stacked over or under it. Only the nearest line that is stacked is the limit.
  // Of a line, the glyphs set together over the operator: a script of the glyph before it may sit
  // on the same line an em or more off (`\right)^{3} · ∑^{N}`: the 3 is no part of the limit).
  const overOperator = (line: MathGlyph[]): MathGlyph[] => {
    const sorted = line.slice().sort((a, b) => a.x0 - b.x0);
    const groups: MathGlyph[][] = [];
    for (const g of sorted) {
      const last = groups[groups.length - 1];
      if (last && g.x0 - last[last.length - 1].x1 <= 0.6 * g.size) last.push(g);
      else groups.push([g]);
    }
    const mid = center(op);
    const dist = (gr: MathGlyph[]) => Math.max(0, gr[0].x0 - mid, mid - gr[gr.length - 1].x1);
    return groups.reduce((a, b) => (dist(b) < dist(a) ? b : a));
  };
  const nearestLine = (side: MathGlyph[], pick: (a: number, b: number) => number): MathGlyph[] => {
    let rest = side;
    while (rest.length > 0) {
      const at = rest.map((g) => g.baseline).reduce((a, b) => pick(a, b));
      const line = rest.filter((g) => Math.abs(g.baseline - at) < 0.5 * g.size);
      if (!line.some((g) => g.x0 < op.x1 - 0.15 * op.size)) return [];
      if (line.some((g) => g.x1 > op.x0 + 0.15 * op.size)) return overOperator(line);
      rest = rest.filter((g) => !line.includes(g));
    }
    return [];
  };
  const upper = nearestLine(near.filter((g) => g.baseline < top + 0.15 * op.size && g.baseline > top - 1.5 * op.size), Math.max);
  const lower = nearestLine(near.filter((g) => g.baseline > foot + 0.35 * op.size && g.baseline < foot + 1.5 * op.size), Math.min);
  return { upper, lower };
}

/** ∑ ∏ with smaller glyphs stacked over and under them: limits. */
function limitAtoms(gs: MathGlyph[], used: Set<MathGlyph>): Token[] {
  const atoms: Token[] = [];
  for (const op of gs) {
    const cmd = BIG_LIMIT_OPS[op.ch];
    if (!cmd || used.has(op)) continue;
    used.add(op);
    const { upper, lower } = limitsOf(op, gs, used);
    [...upper, ...lower].forEach((g) => used.add(g));
    const sub = lower.length ? `_{${parseRow(lower, [])}}` : '';
    const sup = upper.length ? `^{${parseRow(upper, [])}}` : '';
    atoms.push({ tex: `${cmd}${sub}${sup}`, x: op.x0 });
  }
  return atoms;
}

/**
 * Where a dropped opening parenthesis stood, left of its partner `close`: the widest white strip
 * of at least 0.6 em between the glyphs beside the partner's height (a hung glyph, another tall
 * delimiter, by the middle of its ink), or before them all. A strip where an earlier dropped one
 * was put back holds no other (`(a)·(b)` with both dropped: the second's strip may be the
 * narrower).
 */
function droppedOpening(close: MathGlyph, gs: MathGlyph[], claimed: readonly number[]): number {
  const [top, bottom] = close.ink ?? [close.baseline - close.size, close.baseline];
  const spans = gs
    .filter((g) => g !== close && g.x1 <= close.x0 + 0.1 * close.size && middle(g) > top && middle(g) < bottom)
    .map((g) => [g.x0, g.x1] as const)
    .sort((a, b) => a[0] - b[0]);
  if (spans.length === 0) return close.x0 - close.size;
  let best = { gap: 0.6 * close.size, at: spans[0][0] - 0.5 * close.size };
  let reach = spans[0][1];
  for (const [a, b] of spans.slice(1)) {
    const free = !claimed.some((x) => x >= reach && x <= a);
    if (free && a - reach > best.gap) best = { gap: a - reach, at: reach + 0.1 * close.size };
    reach = Math.max(reach, b);
  }
  return best.at;
}

/** Operator names TeX sets upright (\\log, \\min…), longest first for a greedy split of "argmin". */
const FUNCTIONS = ['arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'log', 'exp', 'lim', 'max', 'min', 'det', 'dim', 'ker', 'sup', 'inf', 'arg', 'deg', 'gcd', 'hom', 'ln', 'Pr'];

/**
 * Upright letters (a text face, not a math one) set together on the row's line that spell
 * operator names: the first glyph of each name → `\\log`, the others → null (taken).
 */
function functionNames(items: Item[], size: number): Map<MathGlyph, string | null> {
  const out = new Map<MathGlyph, string | null>();
  const letter = (g: MathGlyph | undefined): g is MathGlyph => g !== undefined && /^\p{L}$/u.test(g.ch) && !isMathFont(g.font) && g.size >= 0.85 * size;
  for (let i = 0; i < items.length; i++) {
    const first = items[i].glyph;
    if (!letter(first) || out.has(first)) continue;
    const word: MathGlyph[] = [first];
    let end = i;
    for (let j = i + 1; j < items.length; j++) {
      const g = items[j].glyph;
      const last = word[word.length - 1];
      // A limit set under the name ("min" over θ) sits between its letters in reading order.
      if (g && g.size < 0.85 * size) continue;
      if (!letter(g) || Math.abs(g.baseline - first.baseline) > 0.1 * size || g.x0 - last.x1 > 0.3 * size) break;
      word.push(g);
      end = j;
    }
    let text = word.map((g) => g.ch).join('');
    const parts: string[] = [];
    while (text) {
      const f = FUNCTIONS.find((n) => text.startsWith(n));
      if (!f) break;
      parts.push(f);
      text = text.slice(f.length);
    }
    // Letters that are no names (a product "ab") are read one by one; a word is looked at once.
    if (text || parts.length === 0) {
      i = end;
      continue;
    }
    let k = 0;
    for (const p of parts) {
      out.set(word[k], `\\${p}`);
      for (let m = 1; m < p.length; m++) out.set(word[k + m], null);
      k += p.length;
    }
  }
  return out;
}

interface Item {
  x: number;
  glyph?: MathGlyph;
  atom?: Token;
}

/** One row (or a part: numerator, limit, root): glyphs and bars → LaTeX. */
export function parseRow(gs: MathGlyph[], bars: MathBar[]): string {
  return joinTokens(rowTokens(gs, bars));
}

function rowTokens(gs: MathGlyph[], bars: MathBar[]): Token[] {
  if (gs.length === 0) return [];
  const size = mainSize(gs);
  const used = new Set<MathGlyph>();
  // Matrices and cases first: their cells hold fractions and operators of their own.
  const arrays = findArrays(gs, bars, size);
  const arrayAtoms: Token[] = arrays.map((a) => {
    a.members.forEach((g) => used.add(g));
    return { tex: arrayLatex(a, parseRow), x: a.x };
  });
  const freeBars = arrays.length ? bars.filter((b) => !arrays.some((a) => a.bars.has(b))) : bars;
  const atoms = [...arrayAtoms, ...barAtoms(gs, freeBars, used, size), ...limitAtoms(gs, used)];
  // An accent goes with its letter (`\\bar{x}`), not into the row as a glyph.
  const accentOf = new Map<MathGlyph, string>();
  for (const [a, g] of accentBases(gs.filter((x) => !used.has(x)))) {
    accentOf.set(g, ACCENTS[a.ch]);
    used.add(a);
  }
  const rest = gs.filter((g) => !used.has(g));
  const base = rest.some((g) => g.size >= 0.9 * size && !isBigOp(g)) ? mainBaseline(rest, size) : mainBaseline(gs, size);
  const items: Item[] = [...rest.map((g) => ({ x: center(g), glyph: g })), ...atoms.map((a) => ({ x: a.x, atom: a }))].sort((a, b) => a.x - b.x);
  // Stretched delimiters: taller than the row's glyphs, or in a delimiter face.
  const heights = rest.filter((g) => g.size >= 0.9 * size && !isBigOp(g) && !DELIMITER_FACE.test(g.font)).map((g) => g.height);
  const rowHeight = heights.length > 0 ? median(heights) : size;
  const stretched = (g: MathGlyph) => DELIMITER_FACE.test(g.font) || g.height > 1.5 * rowHeight;
  // Stretched delimiters paired like brackets; one left without its partner stays plain.
  const paired = new Set<MathGlyph>();
  const stack: MathGlyph[] = [];
  const restored: number[] = [];
  const barClosers = new Set<MathGlyph>();
  for (const it of items) {
    const g = it.glyph;
    if (!g || !stretched(g)) continue;
    if (isBar(g.ch)) {
      // Bars open and close alike: one on a bar of its kind closes it (\\left| … \\right|).
      const top = stack[stack.length - 1];
      if (top && top.ch === g.ch) {
        paired.add(stack.pop()!);
        paired.add(g);
        barClosers.add(g);
      } else stack.push(g);
    } else if (OPEN.includes(g.ch)) stack.push(g);
    else if (CLOSE.includes(g.ch) && stack.some((o) => OPEN.includes(o.ch))) {
      // An unclosed bar inside the pair stays a plain bar.
      while (!OPEN.includes(stack[stack.length - 1].ch)) stack.pop();
      paired.add(stack.pop()!);
      paired.add(g);
    } else if (g.ch === ')' && g.ink) {
      // pdf.js reads code 0x20 of TeX's extension font (a \\Bigg parenthesis) as a word space and
      // drops it: a hung `)` with no partner had one, in the white strip it left (pdf/cmex.ts).
      const x = droppedOpening(g, gs, restored);
      restored.push(x);
      items.push({ x, atom: { tex: '\\left(', x } });
      paired.add(g);
    }
  }
  items.sort((a, b) => a.x - b.x);

  const names = functionNames(items, size);
  const tokens: Token[] = [];
  // The last base's scripts, open for more glyphs of the same kind.
  let sub: string[] | null = null;
  let sup: string[] | null = null;
  const close = (): void => {
    const last = tokens[tokens.length - 1];
    if (!last) return;
    if (sub) last.tex += `_{${joinTokens(sub.map((t) => ({ tex: t, x: 0 })))}}`;
    if (sup) last.tex += `^{${joinTokens(sup.map((t) => ({ tex: t, x: 0 })))}}`;
    sub = sup = null;
  };
  const scriptGlyphs: MathGlyph[] = [];
  const flushScripts = (): void => {
    if (scriptGlyphs.length === 0) return;
    const ups = scriptGlyphs.filter((g) => g.baseline < base - 0.1 * size);
    const downs = scriptGlyphs.filter((g) => g.baseline >= base - 0.1 * size);
    if (tokens.length === 0) tokens.push({ tex: '{}', x: scriptGlyphs[0].x0 });
    if (downs.length) sub = [parseRow(downs, [])];
    if (ups.length) sup = [parseRow(ups, [])];
    scriptGlyphs.length = 0;
    close();
  };
  for (const it of items) {
    if (it.atom) {
      flushScripts();
      tokens.push({ ...it.atom });
      continue;
    }
    const g = it.glyph!;
    const small = g.size < 0.85 * size;
    // Raised a third of an em or more; lowered by as little as a twentieth (KaTeX drops a lone
    // subscript ~0.09 em, TeX 0.15 em).
    const off = g.baseline < base - 0.15 * size || g.baseline > base + 0.04 * size;
    if (small && off) {
      scriptGlyphs.push(g);
      continue;
    }
    // A name's later letters are taken by its first (a limit under it may sit between them).
    const name = names.get(g);
    if (name === null) continue;
    flushScripts();
    if (name) {
      tokens.push({ tex: name, x: g.x0 });
      continue;
    }
    let tex = glyphTex(symbolMathChar(g.ch, g.font));
    if (paired.has(g) && isBar(g.ch)) tex = `${barClosers.has(g) ? '\\right' : '\\left'}${g.ch === '‖' ? '\\|' : '|'}`;
    else if (paired.has(g) && OPEN.includes(g.ch)) tex = `\\left${g.ch === '{' ? '\\{' : g.ch}`;
    else if (paired.has(g) && CLOSE.includes(g.ch)) tex = `\\right${g.ch === '}' ? '\\}' : g.ch}`;
    else if (INTEGRALS[g.ch]) tex = INTEGRALS[g.ch];
    const accent = accentOf.get(g);
    if (accent) tex = `${accent}{${tex}}`;
    const prev = tokens[tokens.length - 1];
    // Glyphs of one number or one name set close together stay one token ("98", "sin").
    const joins = prev && !prev.relation && /^[0-9.]$/.test(g.ch) && /[0-9.]$/.test(prev.tex) && prev.x < g.x0;
    if (joins) prev.tex += tex;
    else tokens.push({ tex, x: g.x0, relation: RELATIONS.has(g.ch) });
  }
  flushScripts();
  return tokens;
}

/**
 * A glyph's vertical extent as inked: cap height to descender for text glyphs; big operators and
 * stretched delimiters (taller runs) their run's box, split as the font sets it around the baseline.
 */
function inkSpan(g: MathGlyph): readonly [number, number] {
  if (g.ink) return g.ink;
  if (isBigOp(g) || DELIMITER_FACE.test(g.font)) return [g.baseline - 0.69 * g.height, g.baseline + 0.31 * g.height];
  return [g.baseline - 0.7 * g.size, g.baseline + 0.2 * g.size];
}

/**
 * The rows of a display: baselines of its main-size glyphs at least an em apart, leaving out the
 * glyphs over and under a bar (numerators, denominators, roots' contents) and limits, which hang
 * off a row. Each glyph and bar then goes to the row whose band holds it, bands parted at the
 * widest white gap between two baselines; limits go with their operator, a bar with the first
 * baseline under it (a fraction bar on the axis, an overbar higher up). Rows whose first
 * relations stand one above the other are aligned lines.
 */
function splitRows(gs: MathGlyph[], bars: MathBar[]): { rows: Row[]; aligned: boolean } | null {
  const size = mainSize(gs);
  const owner = new Map<MathGlyph, MathGlyph>();
  const none = new Set<MathGlyph>();
  for (const op of gs) {
    if (!BIG_LIMIT_OPS[op.ch]) continue;
    const { upper, lower } = limitsOf(op, gs, none);
    for (const g of [...upper, ...lower]) owner.set(g, op);
  }
  // An array's content goes with its opening delimiter (its rows are no rows of the display).
  for (const a of findArrays(gs, bars, size)) {
    const open = [...a.members].reduce((p, q) => (q.x0 < p.x0 ? q : p));
    for (const g of a.members) if (g !== open) owner.set(g, open);
  }
  const pad = 0.15 * size;
  const underBar = (g: MathGlyph) => bars.some((b) => center(g) >= b.x0 - pad && center(g) <= b.x1 + pad && Math.abs(middle(g) - b.y) < 2.5 * size);
  const voters = gs.filter((g) => !owner.has(g) && g.size >= 0.9 * size && !isBigOp(g) && !DELIMITER_FACE.test(g.font) && !underBar(g)).sort((a, b) => a.baseline - b.baseline);
  const groups: MathGlyph[][] = [];
  for (const g of voters) {
    const last = groups[groups.length - 1];
    if (last && g.baseline - last[0].baseline < 0.3 * size) last.push(g);
    else groups.push([g]);
  }
  const baselines: number[] = [];
  for (const grp of groups) {
    if (grp.length < 2 && !grp.some((g) => RELATIONS.has(g.ch))) continue;
    const b = grp.reduce((sum, g) => sum + g.baseline, 0) / grp.length;
    if (baselines.length === 0 || b - baselines[baselines.length - 1] > size) baselines.push(b);
  }
  if (baselines.length < 2) return null;
  const free = gs.filter((g) => !owner.has(g));
  // Cut between two baselines at the middle of the widest white band in the glyphs' extents.
  const cuts: number[] = [];
  for (let i = 0; i + 1 < baselines.length; i++) {
    const lo = baselines[i];
    const hi = baselines[i + 1];
    const spans = free.map(inkSpan).filter(([a, b]) => b > lo && a < hi).sort((a, b) => a[0] - b[0]);
    let best = { gap: -1, at: (lo + hi) / 2 };
    let reach = lo;
    for (const [a, b] of spans) {
      if (a > reach && a - reach > best.gap && a < hi) best = { gap: a - reach, at: (a + reach) / 2 };
      reach = Math.max(reach, b);
    }
    cuts.push(best.at);
  }
  const rowOf = (y: number) => cuts.filter((c) => y > c).length;
  const rows: Row[] = baselines.map((baseline) => ({ baseline, gs: [], bars: [] }));
  for (const g of gs) rows[rowOf(middle(owner.get(g) ?? g))].gs.push(g);
  for (const b of bars) {
    const below = baselines.findIndex((y) => y > b.y);
    rows[below < 0 ? rows.length - 1 : below].bars.push(b);
  }
  // The first relation of each row, one above the other.
  const firstRel = rows.map((r) => r.gs.filter((g) => RELATIONS.has(g.ch) && g.size >= 0.9 * size && Math.abs(g.baseline - r.baseline) < 0.3 * size).sort((p, q) => p.x0 - q.x0)[0]);
  const aligned = firstRel.every((g) => g !== undefined && Math.abs(g.x0 - firstRel[0]!.x0) < 0.6 * size);
  return { rows, aligned };
}

interface Row {
  baseline: number;
  gs: MathGlyph[];
  bars: MathBar[];
}

/** One formula read off a display: its LaTeX, the runs it was read from, its baseline. */
export interface DisplayFormula {
  latex: string;
  runs: TextRun[];
  baseline: number | null;
}

/**
 * A display equation → LaTeX: one row; aligned rows (`&` before each row's first relation); or
 * rows set one under the other without aligned relations (displays one after the other, a long
 * equation broken over lines), each a formula of its own.
 */
export function displayFormulas(runs: TextRun[], bars: MathBar[]): DisplayFormula[] {
  const gs = assemblePieces(glyphsOf(runs));
  if (gs.length === 0) return [];
  const split = splitRows(gs, bars);
  if (!split) {
    const latex = parseRow(gs, bars);
    return latex ? [{ latex, runs, baseline: null }] : [];
  }
  if (split.aligned) {
    const lines = split.rows.map((r) => {
      const tokens = rowTokens(r.gs, r.bars);
      const i = tokens.findIndex((t) => t.relation);
      if (i < 0) return joinTokens(tokens);
      return `${joinTokens(tokens.slice(0, i))}&${joinTokens(tokens.slice(i))}`;
    });
    return [{ latex: `\\begin{aligned}${lines.join('\\\\')}\\end{aligned}`, runs, baseline: null }];
  }
  return split.rows.flatMap((r) => {
    const latex = parseRow(r.gs, r.bars);
    const own = new Set(r.gs.map((g) => g.run));
    return latex ? [{ latex, runs: runs.filter((x) => own.has(x)), baseline: r.baseline }] : [];
  });
}

/** A display equation → LaTeX in one string (rows set apart joined by a space), or null. */
export function equationLatex(runs: TextRun[], bars: MathBar[]): string | null {
  const parts = displayFormulas(runs, bars);
  return parts.length ? parts.map((p) => p.latex).join(' ') : null;
}
