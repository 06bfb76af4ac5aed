/**
 * The rules' ids once the rule at `index` has moved one place up (-1) or down (+1); the same order when it cannot
 * move further. The server takes every id, in the new order.
 */
export function movedIds(ids: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  const next = [...ids];
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
