// Form field values and typed-on annotations → text runs. A filled PDF form (AcroForm) keeps what
// the user typed in its widget annotations, not in the page content that getTextContent reads, and
// "fill & sign" tools add FreeText annotations: both are the user's text (issue 9: forms are one
// of the kinds judged, and losing a user's text is the worst failure). Each value becomes a run
// where its field sits, so the layout reads it beside its printed label.
import type { TextRun } from '../layout/types.js';
import { transformRect, type Matrix } from './graphics.js';
import { CHECKED, UNCHECKED } from './check-boxes.js';
import type { PdfPages } from './document.js';

/** What pdf.js's getAnnotations reports for a widget or a FreeText annotation (the fields used). */
export interface AnnotationLike {
  subtype?: string;
  fieldType?: string;
  fieldValue?: unknown;
  rect?: number[];
  hidden?: boolean;
  password?: boolean;
  checkBox?: boolean;
  radioButton?: boolean;
  exportValue?: string;
  buttonValue?: string;
  options?: Array<{ exportValue?: string; displayValue?: string }>;
  defaultAppearanceData?: { fontSize?: number };
  contentsObj?: { str?: string };
}

/** Bounds: a form page has dozens of fields, a hostile one could have millions. */
const MAX_FIELDS = 2000;
const MAX_VALUE_CHARS = 4000;
/** Auto-sized text (font size 0): this share of the field's height, within these sizes. */
const AUTO_SIZE_SHARE = 0.7;
const MIN_SIZE = 4;
const MAX_SIZE = 14;
/** A value the page content already shows at the field's place (a flattened copy) is not added twice. */
const OVERLAP_SHARE = 0.5;

/** A label this far (in its font size) left of a field, on the field's line, is the field's label. */
const LABEL_MAX_GAP_EM = 12;
/** The space set between a label and its value. */
const LABEL_SPACE_EM = 0.3;


function valueText(a: AnnotationLike): string | null {
  if (a.subtype === 'FreeText') return a.contentsObj?.str?.trim() || null;
  if (a.subtype !== 'Widget' || a.hidden || a.password) return null;
  const v = a.fieldValue;
  if (a.fieldType === 'Btn') {
    if (a.checkBox) return typeof v === 'string' && v !== 'Off' && v === a.exportValue ? CHECKED : UNCHECKED;
    if (a.radioButton) return typeof v === 'string' && v !== 'Off' && v === a.buttonValue ? CHECKED : UNCHECKED;
    return null; // a push button's caption is page furniture of the form, not a value
  }
  if (a.fieldType === 'Ch') {
    const chosen = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && x !== '');
    // A choice shows its display value when it has one.
    const shown = chosen.map((x) => a.options?.find((o) => o.exportValue === x)?.displayValue ?? x);
    return shown.join(', ').trim() || null;
  }
  if (a.fieldType === 'Tx' && typeof v === 'string') return v.trim() || null;
  return null;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, r: TextRun): boolean {
  const w = Math.min(a.x + a.width, r.x + r.width) - Math.max(a.x, r.x);
  const h = Math.min(a.y + a.height, r.y + r.height) - Math.max(a.y, r.y);
  return w > 0 && h > 0 && w * h >= OVERLAP_SHARE * Math.min(a.width * a.height, r.width * r.height);
}

type Rect = { x: number; y: number; width: number; height: number };

/**
 * The printed label of a one-line field: the nearest text ending left of it on its line, with no
 * other field between them (a row of fields under column headings has no label to its left).
 */
function labelBefore(box: Rect, runs: readonly TextRun[], boxes: Rect[]): TextRun | undefined {
  const cy = box.y + box.height / 2;
  let best: TextRun | undefined;
  for (const r of runs) {
    if (r.rotated || r.text.trim() === '') continue;
    const mid = r.y + r.height / 2;
    if (mid < box.y || mid > box.y + box.height || Math.abs(mid - cy) > r.height) continue;
    const end = r.x + r.width;
    if (end > box.x + 1 || box.x - end > LABEL_MAX_GAP_EM * r.fontSize) continue;
    if (!best || end > best.x + best.width) best = r;
  }
  if (!best) return undefined;
  const end = best.x + best.width;
  const between = boxes.some((b) => b !== box && b.x >= end - 1 && b.x + b.width <= box.x + 1 && b.y < box.y + box.height && b.y + b.height > box.y);
  return between ? undefined : best;
}

/**
 * Runs for the values of a page's form fields and FreeText annotations (`base`: PDF user space →
 * the layout's top-left coordinates). A multi-line value gives one run per line, top to bottom.
 */
export function formFieldRuns(annotations: AnnotationLike[], base: Matrix, pageRuns: readonly TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  const fields = annotations
    .slice(0, MAX_FIELDS)
    .filter((a) => a.rect?.length === 4 && a.rect.every(Number.isFinite))
    .map((a) => ({ a, box: transformRect(a.rect!, base) }));
  for (const { a, box } of fields) {
    const value = valueText(a)?.slice(0, MAX_VALUE_CHARS);
    if (!value) continue;
    if (!(box.width > 0 && box.height > 0)) continue;
    const lines = value.split(/\r\n|\r|\n/).map((l) => l.trim()).filter((l) => l !== '');
    const given = a.defaultAppearanceData?.fontSize ?? 0;
    const size = Math.min(MAX_SIZE, Math.max(MIN_SIZE, given > 0 ? given : (AUTO_SIZE_SHARE * box.height) / Math.max(1, lines.length)));
    // A flattened or printed copy of the value already in the page content stays the only one.
    if (pageRuns.some((r) => overlaps(box, r) && r.text.trim() !== '' && value.includes(r.text.trim()))) continue;
    const label = lines.length === 1 ? labelBefore(box, pageRuns, fields.map((f) => f.box)) : undefined;
    // A check box is drawn beside its own label, which may follow it ("☐ Yes ☒ No"): its mark
    // stays where the box is, centred in it, so that it reads with the label nearest it; moved
    // up to the text before it, a question's box read as its own and each option's as the
    // previous option's ("Yes ☒ | No" for No ticked).
    const checkBox = a.fieldType === 'Btn';
    lines.forEach((text, i) => {
      // Single-line fields centre their text vertically; multi-line ones start at the top.
      const top = lines.length === 1 ? box.y + Math.max(0, (box.height - size) / 2) : box.y + i * size * 1.2;
      const markWidth = Math.min(box.width, text.length * size * 0.5);
      out.push({
        text,
        // Set right after its label, the value reads with it ("Full name: Jane Doe") instead of
        // in a column of values of its own.
        x: checkBox ? box.x + (box.width - markWidth) / 2 : label ? label.x + label.width + LABEL_SPACE_EM * label.fontSize : box.x + Math.min(2, box.width / 10),
        baseline: label?.baseline,
        y: top,
        width: markWidth,
        height: size,
        fontSize: size,
        bold: false,
        italic: false,
        monospace: false,
      });
      const run = out[out.length - 1];
      if (label) {
        // Only a typed or chosen value is its label's value (a check box's label may follow it).
        if (!checkBox) run.formValue = true;
        run.y = label.y;
        run.height = label.height;
        run.fontSize = label.fontSize;
        run.baseline = label.baseline ?? label.y + 0.8 * label.height;
      } else run.baseline = top + 0.8 * size;
    });
  }
  return out;
}

/**
 * Whether the document has form fields; asked once per opened document by every reader of its
 * pages (source/pdf.ts, probe.ts): with fields, each page's annotations are read for their values.
 */
export function formFieldsCheck(pdf: Pick<PdfPages, 'doc'>): () => Promise<boolean> {
  let forms: Promise<boolean> | undefined;
  return () =>
    (forms ??= pdf.doc.getFieldObjects().then(
      (fields) => fields !== null && Object.keys(fields).length > 0,
      () => false,
    ));
}
