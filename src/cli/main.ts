// Entry of the `docconv` command (bin/docconv.mjs runs its compiled form, dist/cli/main.js).
import { runCli } from './run.js';

// `docconv convert big.pdf -o - | head`: a reader that stops early is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
// `serve` returns undefined and keeps the process alive with its server; everything else ends here.
if (code !== undefined) process.exitCode = code;
