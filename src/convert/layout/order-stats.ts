// Order statistics of a layout's measurements (sizes, steps, heights): one definition for the
// stages that pick a typical value robust to a few outliers.

/** The q-quantile (0..1) of `values`, the lower of two middles; 0 when there are none. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const s = values.slice().sort((a, b) => a - b);
  return s[Math.floor(q * (s.length - 1))];
}

/** The median of `values`, the upper of two middles; 0 when there are none. */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = values.slice().sort((a, b) => a - b);
  return s[s.length >> 1];
}
