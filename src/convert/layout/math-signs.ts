// The signs that mark a piece of text as mathematics, for the stages that must tell a display's
// pieces from text (tables.ts formulaPieces, headings.ts): operators, relations, roots, primes,
// arrows, angle brackets and Greek letters. Never letters, digits or plain punctuation.
export const MATH_SIGN = /[=+−×÷√∑∏∫∂∇±≤≥≈≠∞′″→←⟨⟩\u0391-\u03C9]/u;

/** The mathematical signs of a text, each occurrence. */
export function mathSigns(text: string): string[] {
  return text.match(new RegExp(MATH_SIGN.source, 'gu')) ?? [];
}
