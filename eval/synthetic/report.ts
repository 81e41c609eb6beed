// Pass rates per property and per case family, and the worst failures, from checked cases.
import { PROPERTIES, type Property, type PropertyResult } from './properties.js';

export interface CaseResult {
  id: string;
  family: string;
  variant: string;
  results: PropertyResult[];
  /** Set when the conversion itself failed (every applicable property then fails). */
  error?: string;
}

export interface Rate {
  passed: number;
  cases: number;
  /** Mean score over the cases where the property applies. */
  meanScore: number;
}

export function passRates(cases: CaseResult[], family?: string): Map<Property, Rate> {
  const rates = new Map<Property, Rate>();
  for (const property of PROPERTIES) {
    const applicable = cases.filter((c) => (family === undefined || c.family === family)).flatMap((c) => c.results.filter((r) => r.property === property && r.checked > 0));
    if (applicable.length === 0) continue;
    rates.set(property, {
      passed: applicable.filter((r) => r.pass).length,
      cases: applicable.length,
      meanScore: applicable.reduce((s, r) => s + r.score, 0) / applicable.length,
    });
  }
  return rates;
}

function pct(n: number): string {
  return `${(100 * n).toFixed(1)}%`;
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

export function formatReport(cases: CaseResult[], worst = 15): string {
  const out: string[] = [];
  const families = [...new Set(cases.map((c) => c.family))];
  const errors = cases.filter((c) => c.error);
  out.push(`synthetic cases: ${cases.length} (${families.length} families)${errors.length ? `, ${errors.length} failed to convert` : ''}`);
  out.push('');
  out.push(`${pad('property', 20)}${pad('pass rate', 22)}mean score`);
  for (const [property, r] of passRates(cases)) out.push(`${pad(property, 20)}${pad(`${pct(r.passed / r.cases)} (${r.passed}/${r.cases})`, 22)}${pct(r.meanScore)}`);
  out.push('');
  const shown = PROPERTIES.filter((p) => passRates(cases).has(p));
  out.push(`${pad('family', 12)}${shown.map((p) => pad(p, Math.max(p.length + 2, 9))).join('')}`);
  for (const family of families) {
    const rates = passRates(cases, family);
    out.push(`${pad(family, 12)}${shown.map((p) => {
      const r = rates.get(p);
      return pad(r ? pct(r.passed / r.cases) : '-', Math.max(p.length + 2, 9));
    }).join('')}`);
  }
  const failures = cases.flatMap((c) => c.results.filter((r) => !r.pass && r.checked > 0).map((r) => ({ c, r })));
  failures.sort((a, b) => a.r.score - b.r.score || a.c.id.localeCompare(b.c.id));
  if (failures.length > 0) {
    out.push('');
    out.push(`worst failures (${Math.min(worst, failures.length)} of ${failures.length}; reproduce with --case <id> --out <dir>):`);
    for (const { c, r } of failures.slice(0, worst)) {
      out.push(`  ${c.id} [${c.variant}] ${r.property} ${pct(r.score)}: ${c.error ?? r.diff ?? ''}`.slice(0, 400));
    }
  }
  return out.join('\n');
}
