#!/usr/bin/env node
// Production build (DECISIONS §1: production runs compiled JavaScript, no transpiler at run time):
// `tsc -p tsconfig.build.json` compiles src/ to dist/ (same tree), then the files tsc does not
// emit (SQL migrations, plain .mjs helpers) are copied beside their modules.
// `--if-stale` skips the build when dist/ is newer than every file under src/ (npm start, npm test).
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const src = join(root, 'src');
const dist = join(root, 'dist');
const stamp = join(dist, '.build-stamp');
const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json'].map((f) => join(root, f));
const web = join(root, 'web');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

function newestSourceMs() {
  let newest = 0;
  for (const f of [...files(src), ...files(web), ...CONFIG_FILES]) newest = Math.max(newest, statSync(f).mtimeMs);
  return newest;
}

if (process.argv.includes('--if-stale') && existsSync(stamp) && statSync(stamp).mtimeMs >= newestSourceMs()) process.exit(0);

rmSync(dist, { recursive: true, force: true });
// The package's `bin` entry (its `exports` map does not expose it to require.resolve).
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const run = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (run.status !== 0) {
  console.error('build failed: tsc reported errors');
  process.exit(run.status ?? 1);
}
let copied = 0;
for (const f of files(src)) {
  if (f.endsWith('.ts')) continue;
  cpSync(f, join(dist, relative(src, f)));
  copied++;
}
// The web playground (DECISIONS §8): bundled by esbuild into dist/playground.
const playground = spawnSync(process.execPath, [join(root, 'scripts', 'build-playground.mjs')], { stdio: 'inherit' });
if (playground.status !== 0) {
  console.error('build failed: the playground bundle');
  process.exit(playground.status ?? 1);
}
writeFileSync(stamp, `${new Date().toISOString()}\n`);
console.error(`built dist/ (${copied} asset files copied)`);
