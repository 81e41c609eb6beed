#!/usr/bin/env node
// Builds the web playground (web/playground, DECISIONS §8) into dist/playground with esbuild:
// one bundle (marked, DOMPurify, pdf.js, our SSE parser), pdf.js's worker copied beside it, the
// page and its stylesheet. Everything the page loads is served by the service: no CDN at run time.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const src = join(root, 'web', 'playground');
const out = join(root, 'dist', 'playground');
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(src, 'main.ts')],
  outfile: join(out, 'playground.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  legalComments: 'external',
  logLevel: 'warning',
});
const require = createRequire(import.meta.url);
copyFileSync(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'), join(out, 'pdf.worker.min.mjs'));
copyFileSync(join(src, 'index.html'), join(out, 'index.html'));
copyFileSync(join(src, 'playground.css'), join(out, 'playground.css'));
