// Grey images as one multi-page TIFF (baseline, uncompressed, little-endian): the one input the
// tesseract CLI reads several images from through stdin in one process (it reads a list file's
// images from disk, which zero retention rules out). Each page is one image, in order; Tesseract's
// TSV numbers them from 1 (`page_num`).
import type { GrayImage } from '../pdf/render.js';

const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;

interface Entry {
  tag: number;
  type: typeof SHORT | typeof LONG | typeof RATIONAL;
  /** SHORT/LONG: the value; RATIONAL: the numerator (denominator 1). */
  value: number;
}

const ENTRY_BYTES = 12;
/** Entry count (2) + entries + next-IFD offset (4) + two RATIONALs stored after it (8 each). */
const ifdBytes = (entries: number) => 2 + entries * ENTRY_BYTES + 4 + 16;

/** Pages in order; `dpi` is written as each page's resolution. */
export function toMultipageTiff(pages: GrayImage[], dpi: number): Buffer {
  if (pages.length === 0) throw new Error('a TIFF needs at least one page');
  const res = Math.max(1, Math.round(dpi));
  const ENTRIES = 12;
  const even = (n: number) => n + (n & 1);
  let size = 8;
  for (const p of pages) size = even(size + p.width * p.height) + ifdBytes(ENTRIES);
  const out = Buffer.alloc(size);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  let at = 8;
  let linkAt = 4; // where the offset of the next IFD is written
  pages.forEach((p) => {
    const pixels = at;
    out.set(p.data.subarray(0, p.width * p.height), pixels);
    const ifd = even(pixels + p.width * p.height);
    out.writeUInt32LE(ifd, linkAt);
    const rationals = ifd + 2 + ENTRIES * ENTRY_BYTES + 4;
    // Tags in ascending order, as TIFF 6.0 requires.
    const entries: Entry[] = [
      { tag: 254, type: LONG, value: 2 }, // NewSubfileType: one page of a multi-page image
      { tag: 256, type: LONG, value: p.width },
      { tag: 257, type: LONG, value: p.height },
      { tag: 258, type: SHORT, value: 8 }, // BitsPerSample
      { tag: 259, type: SHORT, value: 1 }, // Compression: none
      { tag: 262, type: SHORT, value: 1 }, // PhotometricInterpretation: BlackIsZero
      { tag: 273, type: LONG, value: pixels }, // StripOffsets: one strip
      { tag: 277, type: SHORT, value: 1 }, // SamplesPerPixel
      { tag: 278, type: LONG, value: p.height }, // RowsPerStrip
      { tag: 279, type: LONG, value: p.width * p.height }, // StripByteCounts
      { tag: 282, type: RATIONAL, value: rationals }, // XResolution
      { tag: 283, type: RATIONAL, value: rationals + 8 }, // YResolution
    ];
    out.writeUInt16LE(entries.length, ifd);
    entries.forEach((e, i) => {
      const o = ifd + 2 + i * ENTRY_BYTES;
      out.writeUInt16LE(e.tag, o);
      out.writeUInt16LE(e.type, o + 2);
      out.writeUInt32LE(1, o + 4);
      if (e.type === SHORT) out.writeUInt16LE(e.value, o + 8);
      else out.writeUInt32LE(e.value, o + 8);
    });
    // ResolutionUnit defaults to inches (2), so it is not written.
    linkAt = ifd + 2 + ENTRIES * ENTRY_BYTES;
    out.writeUInt32LE(0, linkAt); // last IFD unless the next page links itself here
    out.writeUInt32LE(res, rationals);
    out.writeUInt32LE(1, rationals + 4);
    out.writeUInt32LE(res, rationals + 8);
    out.writeUInt32LE(1, rationals + 12);
    at = ifd + ifdBytes(ENTRIES);
  });
  return out;
}
