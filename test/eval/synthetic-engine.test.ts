// A sample of the synthetic cases through the built-in parser (parseDocument), asserting what it
// achieves today on properties that must never regress. `npm run eval:synthetic` runs the full set
// and lists what still fails (docs/architecture.md, "Evaluation with generated ground truth").
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { shutdownConvertPool } from '../../src/convert/index.js';
import { caseIds, FAMILY_NAMES } from '../../eval/synthetic/cases.js';
import { runCase } from '../../eval/synthetic/convert.js';
import { passRates, type CaseResult } from '../../eval/synthetic/report.js';
import type { Property } from '../../eval/synthetic/properties.js';

after(() => shutdownConvertPool());

/** Two cases per family: seconds, not minutes. */
const SAMPLE = caseIds(2, 1);

let results: Promise<CaseResult[]> | undefined;
function sample(): Promise<CaseResult[]> {
  results ??= (async () => {
    const out: CaseResult[] = [];
    // Two in flight keep both pool workers busy.
    for (let i = 0; i < SAMPLE.length; i += 2) out.push(...(await Promise.all(SAMPLE.slice(i, i + 2).map((id) => runCase(id)))));
    return out;
  })();
  return results;
}

function rate(cases: CaseResult[], family: string, property: Property): number {
  const r = passRates(cases, family).get(property);
  assert.ok(r, `${property} applies to ${family}`);
  return r.passed / r.cases;
}

test('synthetic sample: every case converts', async () => {
  for (const c of await sample()) assert.equal(c.error, undefined, c.id);
});

test('synthetic sample: template-repeated pages keep all their text (issue 9)', async () => {
  assert.equal(rate(await sample(), 'template', 'text'), 1);
  assert.equal(rate(await sample(), 'template', 'no-false-headings'), 1);
});

test('synthetic sample: running headers and folios go, the pages keep their text', async () => {
  const cases = await sample();
  assert.equal(rate(cases, 'furniture', 'furniture'), 1);
  assert.equal(rate(cases, 'furniture', 'text'), 1);
  assert.equal(rate(cases, 'long-table', 'furniture'), 1);
});

test('synthetic sample: headings are found and ranked; columns, footnotes keep their text', async () => {
  const cases = await sample();
  assert.equal(rate(cases, 'headings', 'headings'), 1);
  assert.equal(rate(cases, 'headings', 'heading-levels'), 1);
  assert.equal(rate(cases, 'columns', 'text'), 1);
  assert.equal(rate(cases, 'footnotes', 'text'), 1);
});

test('synthetic sample: no sentence of running text becomes a heading, in any family', async () => {
  const cases = await sample();
  for (const family of FAMILY_NAMES) assert.equal(rate(cases, family, 'no-false-headings'), 1, family);
});

test('synthetic sample: no family loses a word', async () => {
  const cases = await sample();
  for (const family of FAMILY_NAMES) assert.equal(rate(cases, family, 'text'), 1, family);
});

test('synthetic sample: table cells, word order and block boxes', async () => {
  // At today's figures on this sample (all 100 % but lists: wrapped items still split, see the
  // full run); report tables get a floor only, mixed pages being the hardest.
  const cases = await sample();
  for (const family of ['table', 'long-table']) assert.equal(rate(cases, family, 'table-cells'), 1, family);
  for (const family of ['table', 'long-table', 'columns', 'headings', 'furniture']) assert.equal(rate(cases, family, 'block-boxes'), 1, family);
  const all = passRates(cases);
  assert.ok(all.get('table-cells')!.meanScore >= 0.95, `table cells ${all.get('table-cells')!.meanScore}`);
  assert.ok(all.get('order')!.meanScore >= 0.99, `order ${all.get('order')!.meanScore}`);
});
