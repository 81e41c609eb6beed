// In-process unit tests of the CLI's pure parts: command-word splitting, option parsing, the bar.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommandArgs, splitCommandWords, UsageError, type Command } from '../../src/cli/args.js';
import { batchFraction, renderBar } from '../../src/cli/progress.js';
import { summaryLine } from '../../src/cli/commands/convert.js';
import { describeEvent } from '../../src/cli/commands/jobs.js';
import { hintFor } from '../../src/cli/report.js';

const GROUPS = new Set(['jobs', 'admin', 'admin accounts']);
const wantsMore = (words: string[]): boolean => GROUPS.has(words.join(' '));

test('command words: global options may come first; arguments are not taken as words', () => {
  assert.deepEqual(splitCommandWords(['--base-url', 'http://x', 'jobs', 'get', 'job_1', '--json'], wantsMore), {
    words: ['jobs', 'get'], rest: ['--base-url', 'http://x', 'job_1', '--json'],
  });
  assert.deepEqual(splitCommandWords(['convert', 'a.pdf', '-o', 'out', 'b.pdf'], wantsMore), { words: ['convert'], rest: ['a.pdf', '-o', 'out', 'b.pdf'] });
  assert.deepEqual(splitCommandWords(['admin', 'accounts', 'update', 'acc_1'], wantsMore), { words: ['admin', 'accounts', 'update'], rest: ['acc_1'] });
});

const command: Command = {
  name: 'jobs result',
  summary: 's',
  args: 'ID',
  minArgs: 1,
  maxArgs: 1,
  options: { token: { type: 'string', description: 't' }, output: { type: 'string', short: 'o', description: 'o' } },
  run: async () => 0,
};

test('option values may start with a dash (base64url tokens, -o -)', () => {
  const parsed = parseCommandArgs(command, ['job_1', '--token', '-Ab_c', '-o', '-', '--json']);
  assert.deepEqual(parsed.positionals, ['job_1']);
  assert.equal(parsed.values.token, '-Ab_c');
  assert.equal(parsed.values.output, '-');
  assert.equal(parsed.values.json, true);
});

test('unknown options, missing and extra arguments are usage errors', () => {
  assert.throws(() => parseCommandArgs(command, ['job_1', '--nope']), UsageError);
  assert.throws(() => parseCommandArgs(command, []), /missing argument: ID/);
  assert.throws(() => parseCommandArgs(command, ['a', 'b']), /unexpected argument: b/);
  assert.throws(() => parseCommandArgs(command, ['a', '--token']), UsageError);
  // --help needs no arguments
  assert.equal(parseCommandArgs(command, ['--help']).values.help, true);
});

test('the progress bar counts pages where known and fits the terminal', () => {
  const line = renderBar([
    { label: 'a.pdf', phase: 'processing', pagesDone: 3, pages: 4, finished: false },
    { label: 'b.pdf', phase: 'done', pagesDone: 4, pages: 4, finished: true },
  ], 120);
  assert.match(line, /^\[#{21}-{3}\]  87% 7\/8 pages, 1\/2 files a\.pdf: processing 3\/4$/);
  assert.ok(renderBar([{ label: 'x'.repeat(200), phase: 'uploading', pagesDone: 0, pages: undefined, finished: false }], 60).length <= 60);
});

test('progress never goes back as job sizes become known, and shows 100 % only when every file is done', () => {
  const f = (pagesDone: number, pages: number | undefined, finished = false) => ({ label: 'f', phase: 'processing', pagesDone, pages, finished });
  const steps = [
    [f(0, undefined), f(0, undefined)],
    [f(5, 10), f(0, undefined)],
    [f(10, 10, true), f(0, undefined)],
    [f(10, 10, true), f(1, 400)], // a big second job appears: the figure holds
    [f(10, 10, true), f(399, 400)],
    [f(10, 10, true), f(400, 400, true)],
  ];
  const seen = steps.map(batchFraction);
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i]! >= seen[i - 1]!, `step ${i}: ${seen.join(' ')}`);
  assert.match(renderBar([f(351, 352)], 120), / 99% 351\/352 pages/);
  assert.match(renderBar([f(352, 352)], 120), / 99% /); // last page in, result not read yet
  assert.match(renderBar([f(352, 352, true)], 120), /100% /);
});

test('convert ends with a summary line; watch -o hides the spent link; no key is not an e-mail problem', () => {
  assert.equal(summaryLine([{ ok: true, pages: 3 }, { ok: false }, { ok: true, pages: 1 }], 12_340), '2 files converted (4 pages), 1 failed in 12.3 s');
  assert.equal(summaryLine([{ ok: true, pages: 1 }], 500), '1 file converted (1 page) in 0.5 s');
  const completed = { type: 'completed' as const, data: { job_id: 'job_1', status: 'completed', token: 'tok', result_url: 'http://x/r?token=tok', markdown_url: '', json_url: '' } };
  assert.match(describeEvent(completed as never), /result:/);
  assert.equal(describeEvent(completed as never, { resultRead: true }), 'completed  job_1 token=tok');
  assert.match(hintFor('signup_required', false)!, /no API key is set/);
  assert.match(hintFor('signup_required', true)!, /e-mail/);
});

test('a folder names the files it skips instead of dropping them silently', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { expandInputs } = await import('../../src/cli/inputs.js');
  const dir = mkdtempSync(join(tmpdir(), 'docconv-cli-'));
  try {
    for (const name of ['a.pdf', 'notes.txt', 'b.PNG', '.DS_Store']) writeFileSync(join(dir, name), 'x');
    const skipped: string[] = [];
    const files = await expandInputs(['.'], dir, undefined, (label) => skipped.push(label));
    assert.deepEqual(files.map((f) => f.label), ['a.pdf', 'b.PNG']);
    assert.deepEqual(skipped, ['notes.txt']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
