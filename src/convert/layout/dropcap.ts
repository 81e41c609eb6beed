// Drop caps: a single large initial letter beside the first lines of a paragraph is joined to
// the line to its right ("O" + "ver the past…" → "Over the past…").
import type { TextRun } from './types.js';

/** A drop cap is at least this many times the body size. */
const DROP_CAP_MIN_RATIO = 2.2;

export function joinDropCaps(runs: TextRun[], body: number): TextRun[] {
  const caps = runs.filter((r) => r.text.trim().length === 1 && /\p{Lu}/u.test(r.text) && r.fontSize >= DROP_CAP_MIN_RATIO * body);
  if (caps.length === 0 || caps.length > 20) return runs;
  const removed = new Set<TextRun>();
  const replaced = new Map<TextRun, TextRun>();
  for (const cap of caps) {
    let best: TextRun | undefined;
    let bestScore = Infinity;
    for (const r of runs) {
      if (r === cap || removed.has(r) || r.fontSize >= cap.fontSize * 0.6) continue;
      const dx = r.x - (cap.x + cap.width);
      if (dx < -1 || dx > cap.fontSize) continue;
      const dy = Math.abs(r.y - cap.y);
      if (dy > cap.height * 0.6) continue;
      const score = dy + dx * 0.1;
      if (score < bestScore) {
        bestScore = score;
        best = r;
      }
    }
    if (!best) continue;
    removed.add(cap);
    const target = replaced.get(best) ?? best;
    replaced.set(best, { ...target, text: cap.text.trim() + target.text.trimStart(), x: cap.x, width: target.x + target.width - cap.x });
  }
  if (removed.size === 0) return runs;
  return runs.filter((r) => !removed.has(r)).map((r) => replaced.get(r) ?? r);
}
