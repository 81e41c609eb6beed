// In-process unit tests of the CLI's pure parts: command-word splitting, option parsing, the bar.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommandArgs, splitCommandWords, UsageError, type Command } from '../../src/cli/args.js';
import { renderBar } from '../../src/cli/progress.js';

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
  assert.match(line, /^\[#{21}-{3}\]  88% 7\/8 pages, 1\/2 files a\.pdf: processing 3\/4$/);
  assert.ok(renderBar([{ label: 'x'.repeat(200), phase: 'uploading', pagesDone: 0, pages: undefined, finished: false }], 60).length <= 60);
});
