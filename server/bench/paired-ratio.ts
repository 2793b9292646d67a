/**
 * A ratio of two rates that holds still on a shared machine: the runs alternate (a, then b, then a
 * again...), so a neighbour's load that comes and goes falls on both sides, and the figure is the median
 * of the pairs' ratios, printed with their spread (lowest and highest) so a reader sees how far to trust it.
 */

/** The pairs' ratios a/b: their median, lowest and highest. */
export interface PairedRatio {
  median: number;
  low: number;
  high: number;
  ratios: number[];
}

export function pairedRatio(pairs: { a: number; b: number }[]): PairedRatio {
  const ratios = pairs.map(({ a, b }) => a / b);
  const sorted = [...ratios].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, low: sorted[0] ?? NaN, high: sorted.at(-1) ?? NaN, ratios };
}

/** `count` alternating runs of `a` then `b`, each pair's two results kept together. */
export async function alternate<T>(count: number, a: () => Promise<T>, b: () => Promise<T>): Promise<{ a: T; b: T }[]> {
  const pairs: { a: T; b: T }[] = [];
  for (let i = 0; i < count; i++) pairs.push({ a: await a(), b: await b() });
  return pairs;
}

/** "0.312 (0.298–0.330 over 3 pairs)" */
export const describeRatio = (r: PairedRatio) =>
  `${r.median.toFixed(3)} (${r.low.toFixed(3)}–${r.high.toFixed(3)} over ${r.ratios.length} pairs)`;
