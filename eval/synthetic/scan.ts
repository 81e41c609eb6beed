// A synthetic page as a scanner or a phone would deliver it: rendered at a scan resolution, with
// the faults of real scans (paper tone, faint ink, blur, sensor noise, JPEG, a small skew, a page
// fed turned), and wrapped as an image-only PDF or as a PNG/TIFF file. The text it shows is the
// page's known truth, so OCR is measured against it (families/scans.ts).
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { closePdf, openPdf } from '../../src/convert/pdf/open.js';
import { renderPageGray, type GrayImage } from '../../src/convert/pdf/render.js';
import type { Rng } from './random.js';

export type ScanWrapper = 'pdf-png' | 'pdf-jpeg' | 'png' | 'tiff';

export interface ScanFaults {
  dpi: number;
  /** Paper grey (255 white) and ink grey (0 black): a grey ground, faded ink (low contrast). */
  paper: number;
  ink: number;
  /** Gaussian blur sigma in pixels (0: none). */
  blur: number;
  /** Gaussian sensor noise sigma in grey levels (0: none). */
  noise: number;
  /** Skew in degrees, clockwise (0: straight). */
  skew: number;
  /** The page fed turned clockwise. */
  turn: 0 | 90 | 180 | 270;
  wrapper: ScanWrapper;
  /** JPEG quality when the wrapper is JPEG. */
  quality: number;
  /** Whether a PNG/TIFF records its resolution (many phone and screen captures do not). */
  density: boolean;
}

/** Draws a scan's faults: each one on about a third to a half of the cases, a turn on one in eight. */
export function drawScanFaults(rng: Rng): ScanFaults {
  const grey = rng.chance(0.5);
  const faint = rng.chance(0.3);
  return {
    dpi: rng.pick([100, 120, 150, 200, 300]),
    paper: grey ? rng.int(195, 235) : 255,
    ink: faint ? rng.int(70, 120) : rng.int(0, 30),
    blur: rng.chance(0.4) ? rng.int(5, 12) / 10 : 0,
    noise: rng.chance(0.4) ? rng.int(6, 20) : 0,
    skew: rng.chance(0.5) ? (rng.chance(0.5) ? -1 : 1) * rng.int(5, 30) / 10 : 0,
    turn: rng.chance(0.125) ? rng.pick([90, 180, 270] as const) : 0,
    wrapper: rng.pick(['pdf-png', 'pdf-jpeg', 'png', 'tiff'] as const),
    quality: rng.int(40, 85),
    density: rng.chance(0.8),
  };
}

export function describeFaults(f: ScanFaults): string {
  const parts = [`${f.dpi}dpi`, f.wrapper === 'pdf-jpeg' ? `pdf-jpeg q${f.quality}` : f.wrapper];
  if (f.paper < 255) parts.push(`paper ${f.paper}`);
  if (f.ink > 30) parts.push(`ink ${f.ink}`);
  if (f.blur) parts.push(`blur ${f.blur}`);
  if (f.noise) parts.push(`noise ${f.noise}`);
  if (f.skew) parts.push(`skew ${f.skew}°`);
  if (f.turn) parts.push(`turned ${f.turn}°`);
  if ((f.wrapper === 'png' || f.wrapper === 'tiff') && !f.density) parts.push('no density');
  return parts.join(' ');
}

/** Box-Muller on the seeded generator: the same case draws the same noise. */
function gaussian(rng: Rng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

const raw = (img: GrayImage) => sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 1 } });

async function toGray(s: sharp.Sharp, pointsPerPixel: number): Promise<GrayImage> {
  const { data, info } = await s.greyscale().raw().toBuffer({ resolveWithObject: true });
  const gray = new Uint8Array(info.width * info.height);
  for (let i = 0; i < gray.length; i++) gray[i] = data[i * info.channels];
  return { data: gray, width: info.width, height: info.height, pointsPerPixel };
}

/** The faults applied to a clean grey rendering, in the order a scan acquires them. */
async function degrade(clean: GrayImage, f: ScanFaults, rng: Rng): Promise<GrayImage> {
  let img: GrayImage = { ...clean, data: clean.data.map((v) => f.ink + Math.round((v / 255) * (f.paper - f.ink))) };
  if (f.skew) img = await toGray(raw(img).rotate(f.skew, { background: { r: f.paper, g: f.paper, b: f.paper } }), img.pointsPerPixel);
  if (f.blur) img = await toGray(raw(img).blur(f.blur), img.pointsPerPixel);
  if (f.noise) img = { ...img, data: img.data.map((v) => Math.max(0, Math.min(255, Math.round(v + f.noise * gaussian(rng))))) };
  if (f.turn) img = await toGray(raw(img).rotate(f.turn), img.pointsPerPixel);
  return img;
}

async function imageOnlyPdf(img: GrayImage, f: ScanFaults): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  pdf.setProducer('docconv synthetic scan');
  const bytes = f.wrapper === 'pdf-jpeg' ? await raw(img).jpeg({ quality: f.quality }).toBuffer() : await raw(img).png().toBuffer();
  const image = f.wrapper === 'pdf-jpeg' ? await pdf.embedJpg(bytes) : await pdf.embedPng(bytes);
  const width = img.width * img.pointsPerPixel;
  const height = img.height * img.pointsPerPixel;
  pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  return pdf.save({ useObjectStreams: false });
}

/** Page `index` of `pdfBytes` as a degraded scan, in the wrapper the faults name. */
export async function scanPage(pdfBytes: Uint8Array, index: number, f: ScanFaults, rng: Rng): Promise<Uint8Array> {
  const doc = await openPdf(pdfBytes);
  let clean: GrayImage;
  try {
    clean = await renderPageGray(await doc.getPage(index + 1), f.dpi);
  } finally {
    await closePdf(doc);
  }
  const img = await degrade(clean, f, rng);
  if (f.wrapper === 'pdf-png' || f.wrapper === 'pdf-jpeg') return imageOnlyPdf(img, f);
  let s = raw(img);
  if (f.density) s = s.withMetadata({ density: f.dpi });
  const out = f.wrapper === 'png' ? await s.png().toBuffer() : await s.tiff({ compression: 'lzw' }).toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}
