/**
 * The ids of an ordered list (FAQ entries, banners) after moving one a place up or down, or null
 * when it is already at that end or not in the list. The caller stores the index of each id as
 * its position, which also repairs equal or missing positions.
 */
export function movedOrder(order: readonly number[], id: number, direction: 'up' | 'down'): number[] | null {
  const from = order.indexOf(id);
  const to = from + (direction === 'up' ? -1 : 1);
  if (from < 0 || to < 0 || to >= order.length) return null;
  const moved = [...order];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return moved;
}
