#!/usr/bin/env node
// Node 20's test runner does not expand globs, so the suite is listed here.
// Usage: node scripts/run-tests.mjs [path-substring ...]  (filters test files)
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

// `--resilience`: the resilience suite (test/resilience, the service as its own process under
// hostile load; npm run test:resilience), one file at a time; otherwise everything else.
const resilience = process.argv.includes('--resilience');
const filters = process.argv.slice(2).filter((a) => a !== '--resilience');
const inResilience = (f) => f.split(/[\\/]/).includes('resilience') && f.startsWith('test');
const files = walk('test')
  .filter((f) => inResilience(f) === resilience)
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s))).sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// PGlite's empty-database template is made once (a child process, cached under node_modules/.cache)
// before the test processes start, so they do not each run initdb at the same time.
const warm = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "await (await import('./src/store/pglite.ts')).pgliteEmptyTemplate()"], { stdio: 'inherit' });
if (warm.status !== 0) console.error('warning: could not prepare the PGlite template; each test process will make its own');
// Say which stores the store-parameterised suites run on (DECISIONS §1: PostgreSQL only with TEST_DATABASE_URL).
console.log(process.env.TEST_DATABASE_URL
  ? `stores: PGlite and PostgreSQL (TEST_DATABASE_URL); ${files.length} test files`
  : `stores: PGlite only (set TEST_DATABASE_URL=postgres://… to run the PostgreSQL suites too); ${files.length} test files`);
// A readable reporter: `spec` (one line per test, failures in full at the end); TAP stays available
// with DOCCONV_TEST_REPORTER=tap. A test that hangs fails after 10 minutes instead of holding CI
// until its 90-minute limit.
const reporter = process.env.DOCCONV_TEST_REPORTER || 'spec';
const child = spawn(process.execPath, ['--import', 'tsx', '--test', `--test-reporter=${reporter}`, `--test-concurrency=${resilience ? 1 : 2}`, '--test-timeout=600000', ...files], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
