// Soft metrics against the docling reference Markdown (tool output, not ground truth: a diagnostic
// only). For every case with an `expected.md` and no assertion tests: word-level normalised indel
// similarity of the whole text, heading-sequence similarity (texts and levels), counts of tables,
// code blocks and list items. Reads .eval-out/builtin/<case>/page-*.md (written by `npm run eval`),
// or with --convert converts the PDFs itself on the text-layer path (fast loop while editing).
// Usage: tsx eval/soft.ts [--convert] [--show <case>]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = resolve(ROOT, process.env.DOCCONV_CORPUS ?? '../shared/corpus');
const OUT = resolve(ROOT, '.eval-out/builtin');

interface Case {
  id: string;
  input: string;
  media_type: string;
  n_tests: number;
  gt_files: string[];
}

/** Markdown → comparable words: markup, HTML tags and image comments dropped, quotes/dashes unified. */
export function words(md: string): string[] {
  return md
    .normalize('NFC')
    .replace(/<!--.*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s*#+\s/gm, ' ')
    .replace(/^\s*\|?\s*-{3,}.*$/gm, ' ')
    .replace(/[*_`|$\\]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .split(/\s+/)
    .filter(Boolean);
}

/** Length of the longest common subsequence (O(n·m) time, O(m) memory). */
export function lcs<T>(a: T[], b: T[], eq: (x: T, y: T) => boolean = (x, y) => x === y): number {
  if (a.length === 0 || b.length === 0) return 0;
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cur[j] = eq(a[i - 1], b[j - 1]) ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

/** 1 − indel distance / (|a| + |b|). */
export function nid<T>(a: T[], b: T[], eq?: (x: T, y: T) => boolean): number {
  if (a.length + b.length === 0) return 1;
  return (2 * lcs(a, b, eq)) / (a.length + b.length);
}

interface Heading {
  level: number;
  text: string;
}

export function headings(md: string): Heading[] {
  const out: Heading[] = [];
  for (const m of md.matchAll(/^(#{1,6})\s+(.*)$/gm)) out.push({ level: m[1].length, text: words(m[2]).join(' ').toLowerCase() });
  return out;
}

function tables(md: string): number {
  const pipe = md.split(/\n{2,}/).filter((b) => /^\|.*\|\s*\n\|[\s:|-]+\|/m.test(b)).length;
  return pipe + (md.match(/<table>/g)?.length ?? 0);
}

function codeBlocks(md: string): number {
  return Math.floor((md.match(/^```/gm)?.length ?? 0) / 2);
}

function listItems(md: string): number {
  return md.match(/^\s*(?:[-*+]|\d{1,3}\.)\s/gm)?.length ?? 0;
}

export interface SoftScore {
  text: number;
  headingText: number;
  headingLevel: number;
  tables: [number, number];
  code: [number, number];
  lists: [number, number];
}

export function softScore(ours: string, ref: string): SoftScore {
  const ho = headings(ours);
  const hr = headings(ref);
  const sameText = (x: Heading, y: Heading): boolean => x.text === y.text;
  return {
    text: nid(words(ours), words(ref)),
    headingText: nid(ho, hr, sameText),
    headingLevel: nid(ho, hr, (x, y) => sameText(x, y) && x.level === y.level),
    tables: [tables(ours), tables(ref)],
    code: [codeBlocks(ours), codeBlocks(ref)],
    lists: [listItems(ours), listItems(ref)],
  };
}

async function oursFor(c: Case, convert: boolean): Promise<string | null> {
  if (convert) {
    const { convertPdfTextLayer } = await import('./pdf-direct.js');
    const { pages } = await convertPdfTextLayer(new Uint8Array(readFileSync(join(CORPUS, c.id, c.input))));
    return pages.join('\n\n');
  }
  const dir = join(OUT, c.id);
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((f) => /^page-\d+\.md$/.test(f)).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  return files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n\n');
}

async function main(): Promise<void> {
  const convert = process.argv.includes('--convert');
  const showAt = process.argv.indexOf('--show');
  const show = showAt >= 0 ? process.argv[showAt + 1] : null;
  const cases = readFileSync(join(CORPUS, 'index.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Case)
    .filter((c) => c.n_tests === 0 && c.gt_files.includes('expected.md') && c.media_type === 'application/pdf');
  const sums = { text: 0, headingText: 0, headingLevel: 0 };
  const pair = (p: [number, number]): string => `${p[0]}/${p[1]}`;
  console.log(`${'case'.padEnd(34)} text   headT  headL  tables code  lists`);
  for (const c of cases) {
    const ours = await oursFor(c, convert);
    if (ours === null) {
      console.log(`${c.id.padEnd(34)} (no output: run npm run eval or pass --convert)`);
      continue;
    }
    const ref = readFileSync(join(CORPUS, c.id, 'expected.md'), 'utf8');
    const s = softScore(ours, ref);
    sums.text += s.text;
    sums.headingText += s.headingText;
    sums.headingLevel += s.headingLevel;
    console.log(`${c.id.padEnd(34)} ${s.text.toFixed(3)}  ${s.headingText.toFixed(3)}  ${s.headingLevel.toFixed(3)}  ${pair(s.tables).padEnd(6)} ${pair(s.code).padEnd(5)} ${pair(s.lists)}`);
    if (show === c.id) console.log(`--- ours\n${ours}\n--- reference\n${ref}`);
  }
  const n = cases.length || 1;
  console.log(`soft mean: text ${(sums.text / n).toFixed(3)}  heading text ${(sums.headingText / n).toFixed(3)}  heading level ${(sums.headingLevel / n).toFixed(3)}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) void main();
