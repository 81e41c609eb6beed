// OCR languages: the `lang` hint (ISO 639-1 or Tesseract codes, several joined by `+`, DECISIONS §4)
// resolved against the traineddata installed from npm (@tesseract.js-data/*).
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LanguageError } from '../errors.js';

const require = createRequire(import.meta.url);

/** Tesseract codes we ship data for (package.json dependencies). */
const SHIPPED = ['eng', 'fra', 'deu', 'spa', 'chi_sim'] as const;
export const DEFAULT_OCR_LANGUAGES = ['eng'];

/** ISO 639-1 and ISO 639-2/B aliases → Tesseract codes. */
const ALIASES: Record<string, string> = {
  en: 'eng', fr: 'fra', fre: 'fra', de: 'deu', ger: 'deu', es: 'spa', zh: 'chi_sim', chi: 'chi_sim',
  'zh-cn': 'chi_sim', 'zh-hans': 'chi_sim', zho: 'chi_sim',
};

/** The LSTM-only ("best_int") traineddata: smaller and faster to load than the legacy-capable set. */
export function traineddataPath(code: string): string | null {
  try {
    const dir = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
    const file = join(dir, '4.0.0_best_int', `${code}.traineddata.gz`);
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

let available: string[] | undefined;

export function availableOcrLanguages(): string[] {
  available ??= SHIPPED.filter((code) => traineddataPath(code) !== null);
  return [...available];
}

/** `lang` hint → Tesseract codes (deduplicated, in order); unknown ones → LanguageError. */
export function resolveOcrLanguages(lang?: string): string[] {
  if (lang === undefined || lang.trim() === '') return [...DEFAULT_OCR_LANGUAGES];
  const have = availableOcrLanguages();
  const out: string[] = [];
  const unknown: string[] = [];
  for (const raw of lang.split(/[+,]/)) {
    const key = raw.trim().toLowerCase();
    if (!key) continue;
    const code = ALIASES[key] ?? key;
    if (!have.includes(code)) unknown.push(raw.trim());
    else if (!out.includes(code)) out.push(code);
  }
  if (unknown.length > 0) throw new LanguageError(unknown, have);
  return out.length > 0 ? out : [...DEFAULT_OCR_LANGUAGES];
}
