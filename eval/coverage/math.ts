// Formulas leave the engine as LaTeX ($e^{i\pi}+1=0$) while the text layer holds their glyphs
// ("eiπ", "1", "0"): word matching alone counts such words as lost. Here the formulas' LaTeX is
// read back into the characters it draws, and a text-layer word missing from the prose counts as
// found when all of its characters are among the formulas' (each character used once).

const SYMBOLS: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ', vartheta: 'θ',
  iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', varpi: 'π', rho: 'ρ', varrho: 'ρ', sigma: 'σ',
  varsigma: 'ς', tau: 'τ', upsilon: 'υ', phi: 'φ', varphi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω',
  Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ', Upsilon: 'Υ', Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω',
  nabla: '∇', partial: '∂', int: '∫', oint: '∮', sum: '∑', prod: '∏', infty: '∞', pm: '±', mp: '∓', times: '×', cdot: '·',
  leq: '≤', le: '≤', geq: '≥', ge: '≥', neq: '≠', ne: '≠', approx: '≈', equiv: '≡', sim: '∼', propto: '∝', to: '→',
  rightarrow: '→', leftarrow: '←', Rightarrow: '⇒', Leftarrow: '⇐', leftrightarrow: '↔', in: '∈', notin: '∉', sqrt: '√',
  hbar: 'ℏ', ell: 'ℓ', ldots: '…', cdots: '⋯', prime: '′', forall: '∀', exists: '∃', cup: '∪', cap: '∩', subset: '⊂',
  subseteq: '⊆', supset: '⊃', langle: '⟨', rangle: '⟩', emptyset: '∅', neg: '¬', wedge: '∧', vee: '∨', oplus: '⊕', otimes: '⊗',
  frac: '/', dfrac: '/', tfrac: '/', circ: '∘', bullet: '•', star: '⋆', ast: '∗', div: '÷', mid: '|', perp: '⊥', angle: '∠', degree: '°', dagger: '†',
};

/** Variant glyphs a text layer and LaTeX write differently. */
const FOLD: Record<string, string> = { ϵ: 'ε', ϕ: 'φ', ϑ: 'θ', ϱ: 'ρ', ϖ: 'π', '−': '-', '∗': '*', 'ℎ': 'h' };

function fold(ch: string): string {
  return FOLD[ch] ?? ch;
}

/** Bound on the formula text read per page. */
const MAX_MATH_CHARS = 200_000;

/** The characters the page's formulas draw (LaTeX commands read as their glyphs, structure dropped). */
export function formulaCharacters(markdown: string): Map<string, number> {
  const pool = new Map<string, number>();
  let read = 0;
  for (const m of markdown.matchAll(/\$\$([^$]+)\$\$|\$([^$\n]+)\$/g)) {
    const tex = (m[1] ?? m[2]).slice(0, MAX_MATH_CHARS - read);
    read += tex.length;
    const drawn = tex.replace(/\\([a-zA-Z]+)/g, (_, name: string) => SYMBOLS[name] ?? ' ').replace(/[{}_^\\&]/g, ' ');
    for (const ch of drawn.normalize('NFKC').toLowerCase()) {
      if (/\s/.test(ch)) continue;
      const f = fold(ch);
      pool.set(f, (pool.get(f) ?? 0) + 1);
    }
    if (read >= MAX_MATH_CHARS) break;
  }
  return pool;
}

/** Whether every character of `word` can be taken from the pool; takes them when so. */
export function takeFromFormulas(word: string, pool: Map<string, number>): boolean {
  const need = new Map<string, number>();
  for (const ch of word) {
    const f = fold(ch);
    need.set(f, (need.get(f) ?? 0) + 1);
  }
  for (const [ch, n] of need) if ((pool.get(ch) ?? 0) < n) return false;
  for (const [ch, n] of need) pool.set(ch, pool.get(ch)! - n);
  return true;
}
