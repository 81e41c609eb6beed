#!/usr/bin/env node
// The `docconv` command: runs the compiled CLI (dist/cli/main.js, built from src/cli by `npm ci`
// through `prepare`, or `npm run build`; DECISIONS §1: no transpiler at run time). Works from any
// working directory: paths resolve from this file.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('docconv: the compiled CLI is missing (dist/cli/main.js); run `npm run build` in the checkout\n');
  process.exit(1);
}
await import(entry.href);
