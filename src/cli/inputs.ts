// Input expansion of `docconv convert`: files as given, a folder → its PDFs and images (sorted,
// not recursive), and the output path of each (NAME.md / NAME.json next to the input or in -o DIR).
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { UsageError } from './args.js';

/** Extensions a folder argument expands to, with the media type sent for the part. */
export const INPUT_MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.webp': 'image/webp',
};

export interface InputFile {
  path: string;
  /** As the user will recognise it (relative to cwd where given so). */
  label: string;
  /** Output base path without extension: DIR/NAME. */
  outputBase: string;
  contentType: string | undefined;
}

/** `onSkip`: told of each file in a folder that is not a PDF or image (the caller names it). */
export async function expandInputs(args: string[], cwd: string, outputDir: string | undefined, onSkip: (label: string) => void = () => {}): Promise<InputFile[]> {
  const files: Array<{ path: string; label: string }> = [];
  for (const arg of args) {
    const path = resolve(cwd, arg);
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new UsageError(`no such file or folder: ${arg}`, 'convert');
    if (info.isDirectory()) {
      const entries = (await readdir(path, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name).sort();
      const names = entries.filter((name) => extname(name).toLowerCase() in INPUT_MEDIA_TYPES);
      for (const name of entries) if (!names.includes(name) && !name.startsWith('.')) onSkip(join(arg, name));
      if (names.length === 0) throw new UsageError(`no PDFs or images in folder ${arg} (${Object.keys(INPUT_MEDIA_TYPES).join(' ')})`, 'convert');
      for (const name of names) files.push({ path: join(path, name), label: join(arg, name) });
    } else {
      files.push({ path, label: arg });
    }
  }
  const unique = files.filter((f, i) => files.findIndex((g) => g.path === f.path) === i);
  const bases = unique.map((f) => {
    const dir = outputDir === undefined ? dirname(f.path) : resolve(cwd, outputDir);
    return join(dir, basename(f.path, extname(f.path)));
  });
  return unique.map((f, i) => {
    // Two inputs that would write the same NAME.md (a.pdf and a.png) keep their extension: a.pdf.md.
    const clash = bases.some((b, j) => j !== i && b === bases[i]);
    return {
      path: f.path,
      label: f.label,
      outputBase: clash ? `${bases[i]}${extname(f.path)}` : bases[i],
      contentType: INPUT_MEDIA_TYPES[extname(f.path).toLowerCase()],
    };
  });
}
