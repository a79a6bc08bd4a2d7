/** The list with `id` swapped with its neighbour up or down (unchanged at either end): the keyboard-friendly move of the admin's ordered lists. */
export function swapped(ids: readonly number[], id: number, direction: 'up' | 'down'): number[] {
  const order = [...ids];
  const at = order.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= order.length) return order;
  [order[at], order[to]] = [order[to]!, order[at]!];
  return order;
}
