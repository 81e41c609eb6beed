#!/usr/bin/env node
// The `docconv` command: a tiny launcher that loads tsx's ESM hooks, then runs the TypeScript CLI
// (src/cli/main.ts) in this process. Works from any working directory: paths resolve from this file.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/cli/main.ts', import.meta.url).href);
