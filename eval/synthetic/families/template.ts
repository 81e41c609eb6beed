// Template-repeated pages (a batch of invoices or letters from one template): the same lines at
// the same place on every page, differing only in the page's reference and amounts. Every line is
// content: what changes is more than a folio (issue 9).
import { MARGIN, LETTER, type SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { paragraph, phrase } from '../words.js';
import type { FamilyOutput } from './family.js';

function amount(rng: Rng): string {
  return `${rng.int(10, 9999)}.${String(rng.int(0, 99)).padStart(2, '0')}`;
}

export async function templateCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const pages = rng.int(3, 6);
  const lines = rng.int(2, 5);
  const prefix = rng.pick(['INV', 'REF', 'ACC', 'ORD', 'CASE']);
  const first = rng.int(1000, 8000);
  const labels = Array.from({ length: lines }, () => phrase(rng, 1, 4));
  const withAmount = labels.map((_, i) => i > 0 || rng.chance(0.5));
  const withBody = rng.chance(0.4);
  const top = rng.pick([MARGIN - 20, MARGIN, MARGIN + 40]);
  const size = rng.pick([9, 10, 11]);
  for (let p = 0; p < pages; p++) {
    const w = doc.addPage();
    const ref = `${prefix}-${first + p}`;
    let y = top;
    for (let i = 0; i < lines; i++) {
      const text = i === 0 && !withAmount[i] ? `${ref} ${labels[i]} page ${p + 1} of ${pages}` : `${ref} ${labels[i]} ${amount(rng)}`;
      // Regular weight: a bold first line could fairly be read as a heading.
      w.text(text, MARGIN, y, w.fonts.regular, size);
      w.record({ kind: 'paragraph', text });
      y += size + 6;
    }
    if (withBody) {
      const body = paragraph(rng, 1, 3);
      w.wrapped(body, MARGIN, y + 20, LETTER.width - 2 * MARGIN, w.fonts.regular, 10, 13, { kind: 'paragraph', text: body });
    }
  }
  return { variant: `pages=${pages} lines=${lines} top=${top}${withBody ? ' with-body' : ''}` };
}
