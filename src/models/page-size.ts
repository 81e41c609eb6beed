// Page sizes in the units of the API's blocks (DECISIONS §8): PDF points, images in pixels at
// 72 dpi. GPU servers give boxes on their own grids (MinerU 0–1000, DocTags 0–499, PaddleX the
// pixels of its render); the adapters scale them to these sizes. Only read with formats=blocks,
// so pdf-lib and sharp load on first use.
import type { PageSize } from './blocks.js';

/** Each page's displayed size (rotation applied), in points; null when the PDF cannot be read. */
export async function pdfPageSizes(bytes: Uint8Array): Promise<PageSize[] | null> {
  try {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: false, updateMetadata: false });
    return doc.getPages().map((p) => {
      const { width, height } = p.getSize();
      const turned = (((p.getRotation().angle % 360) + 360) % 180) === 90;
      return turned ? { width: height, height: width } : { width, height };
    });
  } catch {
    return null;
  }
}

/**
 * The sizes of the pages of one file sent to a GPU server (a PDF window, or one image), in page
 * order; a page whose size cannot be read is missing (callers fall back to 0 × 0).
 */
export async function filePageSizes(bytes: Uint8Array, isPdf: boolean): Promise<PageSize[]> {
  if (isPdf) return (await pdfPageSizes(bytes)) ?? [];
  const size = await imagePixelSize(bytes);
  return size ? [size] : [];
}

/** An image's size in pixels (read as points at 72 dpi); null when it cannot be read. */
export async function imagePixelSize(bytes: Uint8Array): Promise<PageSize | null> {
  try {
    const { default: sharp } = await import('sharp');
    const m = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!m.width || !m.height) return null;
    // EXIF orientations 5–8 are displayed turned by 90°.
    return (m.orientation ?? 1) >= 5 ? { width: m.height, height: m.width } : { width: m.width, height: m.height };
  } catch {
    return null;
  }
}
