// WebAssembly runs on V8's baseline compiler (Liftoff) only in the service process: no TurboFan tier-up.
//
// Why (issue 11 item 4, measured 2026-11-23 on Node 24.21, see docs/architecture.md "Memory"):
// PGlite's module (9 MB of PostgreSQL compiled to WebAssembly) gets hot during start-up and
// migrations, and V8 then recompiles its large functions (the SQL parser, the executor) with TurboFan
// on background threads: ~600 MB of compiler memory at once (the service's start-up peak was
// 850-890 MiB), of which glibc keeps ~80-100 MB as RSS afterwards, and start-up took 13-18 s on these
// 2 cores. On Liftoff alone the store opens and migrates with no such peak, and its queries stay
// fast enough for the store's work (a few hundred µs each; the hot API paths answer from caches).
// The other WebAssembly in this process (pdf.js's JBIG2/JPEG 2000/colour decoders in the workers,
// tesseract.js when the CLI is absent) ran no measurably slower on Liftoff.
//
// V8 flags are process-wide and read when a module is compiled and when a function would tier up,
// so they are set before anything compiles WebAssembly: first thing in main.ts. `--liftoff-only`
// itself is not honoured once V8 has started (it only works as an implication at start-up); these
// two flags are, and together they mean the same thing.
import { setFlagsFromString } from 'node:v8';

let applied = false;
export function keepWasmOnBaselineTier(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
}
