// CLI behaviour that needs no server: help, usage errors (exit 2), network failure (exit 3) and
// `docconv errors`, all through the real launcher as a subprocess.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_EXIT, ERROR_CATALOGUE, ERROR_CODES } from '../../src/errors/catalogue.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { freePort, runDocconv, type CliResult } from './real-server.js';

/** Runs several invocations, a few at a time (each is a Node process; CI machines have 2 cores). */
async function runMany(argsList: string[][], limit = 3): Promise<CliResult[]> {
  const results: CliResult[] = new Array(argsList.length);
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < argsList.length) {
      const i = next++;
      results[i] = await runDocconv(argsList[i]);
    }
  }));
  return results;
}

test('docconv errors: one line per code, `<code> <status> <exit code> <type> <description>`', async () => {
  const { code, stdout, stderr } = await runDocconv(['errors']);
  assert.equal(code, 0, stderr);
  const lines = stdout.trimEnd().split('\n');
  assert.equal(lines.length, ERROR_CODES.length);
  for (const [i, line] of lines.entries()) {
    const m = /^([a-z_]+) (\d{3}) (\d+) ([a-z_]+) (\D.*)$/.exec(line);
    assert.ok(m, `line ${i}: ${line}`);
    const [, c, status, exit, type, description] = m;
    assert.equal(c, ERROR_CODES[i]);
    const spec = ERROR_CATALOGUE[ERROR_CODES[i]];
    assert.deepEqual([Number(status), Number(exit), type, description], [spec.status, spec.exitCode, spec.type, spec.description]);
  }
});

test('docconv errors --json: an array of {code, status, exit_code, type}', async () => {
  const { code, stdout } = await runDocconv(['errors', '--json']);
  assert.equal(code, 0);
  const rows = JSON.parse(stdout) as Array<{ code: string; status: number; exit_code: number; type: string }>;
  assert.deepEqual(rows.map((r) => r.code), ERROR_CODES);
  for (const r of rows) {
    const spec = ERROR_CATALOGUE[r.code as keyof typeof ERROR_CATALOGUE];
    assert.deepEqual([r.status, r.exit_code, r.type], [spec.status, spec.exitCode, spec.type]);
  }
  // exit codes are unique and clear of the CLI's own 0-9
  assert.equal(new Set(rows.map((r) => r.exit_code)).size, rows.length);
  assert.ok(rows.every((r) => r.exit_code >= 10));
});

test('--help works for the tool, every group and every command (exit 0, stdout)', async () => {
  const main = await runDocconv(['--help']);
  assert.equal(main.code, 0);
  for (const c of COMMANDS) assert.ok(main.stdout.includes(c.name), c.name);
  const all = await runMany([...COMMANDS.map((c) => [...c.name.split(' '), '--help']), ['jobs', '--help'], ['admin', 'accounts', '--help'], ['help', 'convert']]);
  for (const [i, r] of all.entries()) {
    assert.equal(r.code, 0, `${i}: ${r.stderr}`);
    assert.match(r.stdout, /^Usage: docconv /);
  }
  const version = await runDocconv(['--version']);
  assert.match(version.stdout, /^docconv \d+\.\d+\.\d+\n$/);
});

test('usage errors exit 2 with a message on stderr and nothing on stdout', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docconv-cli-'));
  writeFileSync(join(dir, 'notes.txt'), 'x');
  const cases = [
    [],
    ['frobnicate'],
    ['convert'],
    ['convert', '--bogus', 'a.pdf'],
    ['convert', join(dir, 'missing.pdf')],
    ['convert', dir],
    ['convert', 'a.pdf', '--formats', 'html'],
    ['convert', 'a.pdf', '-o', '-', '--json'],
    ['jobs', 'get'],
    ['jobs', 'result', 'job_1'],
    ['jobs', 'get', 'a', 'b'],
    ['admin', 'accounts', 'create', '--tier', 'pro'], // no DOCCONV_ADMIN_TOKEN
    ['usage', '--base-url', 'ftp://example.com'],
  ];
  const results = await runMany(cases);
  for (const [i, r] of results.entries()) {
    assert.equal(r.code, CLI_EXIT.usage, `${cases[i].join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, '', cases[i].join(' '));
    assert.ok(r.stderr.length > 0);
  }
  const update = await runDocconv(['admin', 'accounts', 'update', 'acc_1', '--email-verified', 'maybe'], { env: { DOCCONV_ADMIN_TOKEN: 't' } });
  assert.equal(update.code, CLI_EXIT.usage);
});

test('a closed port is a network failure: exit 3', async () => {
  const port = await freePort();
  const r = await runDocconv(['usage'], { env: { DOCCONV_BASE_URL: `http://127.0.0.1:${port}/v1` } });
  assert.equal(r.code, CLI_EXIT.network, r.stderr);
  assert.match(r.stderr, /network error: cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
  assert.equal(r.stdout, '');
});
