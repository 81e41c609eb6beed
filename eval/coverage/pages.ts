// Which pages of a long document the coverage run reads: a spread over the whole of it (front
// matter, body, appendix), so a few pages per document still see its kinds of page.

/** Up to `n` zero-based page indexes spread evenly over `count` pages, first and last included. */
export function spreadPages(count: number, n: number): number[] {
  if (count <= n) return Array.from({ length: count }, (_, i) => i);
  if (n <= 1) return [0];
  const out = new Set<number>();
  for (let i = 0; i < n; i++) out.add(Math.round((i * (count - 1)) / (n - 1)));
  return [...out].sort((a, b) => a - b);
}
