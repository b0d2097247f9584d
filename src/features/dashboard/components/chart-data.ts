/** The most frequent entries, the rest summed under `otherKey`, so that a chart stays readable. */
export function topWithOthers(rows: readonly { key: string; count: number }[], limit: number, otherKey: string) {
  const sorted = [...rows].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  const top = sorted.slice(0, limit);
  const rest = sorted.slice(limit).reduce((sum, row) => sum + row.count, 0);
  return rest > 0 ? [...top, { key: otherKey, count: rest }] : top;
}

/** A chart with nothing to draw says so instead of showing empty axes. */
export const hasData = (rows: readonly { count: number }[]) => rows.some((row) => row.count > 0);
