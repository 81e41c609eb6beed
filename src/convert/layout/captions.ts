// Captions: a text block that opens with "Figure 3.", "Table 2:" (margins.ts isCaptionLine) and is
// nothing else (not a heading, list item, formula or code) is its figure's or table's caption.
import type { Block } from '../model.js';
import { isCaptionLine } from './margins.js';
import type { BlockStage } from './stage.js';

export const captionsStage: BlockStage = (blocks: Block[]) =>
  blocks.map((b): Block => (b.type === 'paragraph' && b.source !== undefined && b.lines.length > 0 && isCaptionLine(b.lines[0].text) ? { ...b, type: 'caption' } : b));
