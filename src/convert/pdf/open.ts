// Opening a PDF from memory with pdf.js (legacy build: runs on Node 20). Bytes never touch disk.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ParseError } from '../errors.js';
import { PDFJS_MAX_IMAGE_PIXELS } from '../limits.js';

export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const PDFJS_ROOT = dirname(require.resolve('pdfjs-dist/package.json'));
// pdf.js reads these resources from the file system in Node (paths need the trailing slash).
const RESOURCES = {
  cMapUrl: join(PDFJS_ROOT, 'cmaps') + '/',
  cMapPacked: true,
  standardFontDataUrl: join(PDFJS_ROOT, 'standard_fonts') + '/',
  wasmUrl: join(PDFJS_ROOT, 'wasm') + '/',
  iccUrl: join(PDFJS_ROOT, 'iccs') + '/',
};

/**
 * Opens a PDF. A file that needs a user password → `encrypted_pdf`; one with an empty user password
 * (owner password only) opens, its permission flags are not enforced (DECISIONS §4). Whatever pdf.js
 * cannot recover → `malformed_document`.
 */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  if (bytes.length === 0) throw new ParseError('malformed_document');
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy-free view only
    // when the caller no longer needs the bytes; here we copy once so callers keep theirs.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    maxImageSize: PDFJS_MAX_IMAGE_PIXELS,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
    ...RESOURCES,
  });
  task.onPassword = () => {
    // Called instead of rejecting when a password is needed: abort and report it as encrypted.
    task.destroy().catch(() => undefined);
    passwordNeeded = true;
  };
  let passwordNeeded = false;
  try {
    const doc = await task.promise;
    return doc;
  } catch (err) {
    if (passwordNeeded || (err as { name?: string }).name === 'PasswordException') {
      throw new ParseError('encrypted_pdf');
    }
    throw new ParseError('malformed_document');
  }
}

/** Releases a document's memory; never throws. */
export async function closePdf(doc: PDFDocumentProxy): Promise<void> {
  try {
    await doc.destroy();
  } catch {
    // already destroyed
  }
}
