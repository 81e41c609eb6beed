// pdflatex for the `tex` family (families/tex.ts): a LaTeX source compiled in a temporary folder,
// bounded in time, with no shell escape; the PDF's bytes or the log's first error.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where pdflatex is looked for: $DOCCONV_PDFLATEX, else Debian's texlive-latex-base. */
export const PDFLATEX = process.env.DOCCONV_PDFLATEX ?? '/usr/bin/pdflatex';

/** A page compiles in well under a second on a quiet machine; the bound is for a loaded one. */
const COMPILE_TIMEOUT_MS = 60_000;
/** The log is read only for the error; its length is bounded by TeX's own line limits. */
const LOG_ERROR_CHARS = 400;

export function pdflatexAvailable(): boolean {
  return existsSync(PDFLATEX);
}

/** `source` compiled once (no cross-references: the pages hold none); throws with TeX's first error. */
export async function compileLatex(source: string): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'docconv-tex-'));
  try {
    writeFileSync(join(dir, 'page.tex'), source);
    await new Promise<void>((resolve, reject) => {
      execFile(
        PDFLATEX,
        ['-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', 'page.tex'],
        { cwd: dir, timeout: COMPILE_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 4 << 20, env: { ...process.env, TEXMFOUTPUT: dir } },
        (err) => {
          if (!err) return resolve();
          const log = existsSync(join(dir, 'page.log')) ? readFileSync(join(dir, 'page.log'), 'utf8') : '';
          const i = log.indexOf('\n!');
          reject(new Error(`pdflatex failed: ${i >= 0 ? log.slice(i + 1, i + 1 + LOG_ERROR_CHARS) : err.message}`));
        },
      );
    });
    return new Uint8Array(readFileSync(join(dir, 'page.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
