// Media type from magic bytes only (spec: the declared type and file name are not trusted).
import { PDF_HEADER_SEARCH_BYTES } from './limits.js';

export type MediaType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/tiff' | 'image/webp';

function startsWith(bytes: Uint8Array, sig: number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (bytes[at + i] !== sig[i]) return false;
  return true;
}

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const PDF_HEADER = ascii('%PDF-');

function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PDF_HEADER_SEARCH_BYTES));
  // pdf.js finds a header preceded by junk, and recovers files whose header is missing entirely
  // but that start with objects (robustness corpus: bug1606566, issue6069).
  if (head.indexOf('%PDF-', 0, 'latin1') >= 0) return true;
  const text = head.toString('latin1');
  return /^\s*(%[^\n\r]*[\r\n]+\s*)?\d+\s+\d+\s+obj\b/.test(text);
}

export function sniffMediaType(bytes: Uint8Array): MediaType | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, PDF_HEADER)) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // Classic TIFF (II*\0 / MM\0*) and BigTIFF (II+\0 / MM\0+).
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])) return 'image/tiff';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (looksLikePdf(bytes)) return 'application/pdf';
  return null;
}
