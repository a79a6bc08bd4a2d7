import type { IndexedProduct } from './listing-index.server.ts';

/** What tells two cords apart at a glance: their colours (as a set), else the product itself. */
const colourKey = (product: IndexedProduct) => [...(product.options.get('color') ?? [])].sort().join('+') || `product-${product.id}`;

const showable = (product: IndexedProduct) => product.inStock && product.imagePath !== null;

/**
 * Recommended products for the home page, varied (issue 22: not eight black cords): taken in turn
 * from each of the categories, in their order, each time the first one in stock with a picture whose
 * colours and kind were not picked yet (a repeat only when a category has nothing new).
 */
export function variedPicks(products: readonly IndexedProduct[], categoryIds: readonly number[], count: number): IndexedProduct[] {
  const queues = categoryIds.map((id) => products.filter((p) => showable(p) && p.categoryIds.has(id)));
  const picked: IndexedProduct[] = [];
  const colours = new Set<string>();
  const kinds = new Set<string>();
  const taken = new Set<number>();
  const next = (queue: IndexedProduct[], fresh: (p: IndexedProduct) => boolean) => queue.find((p) => !taken.has(p.id) && fresh(p));
  for (let round = 0; picked.length < count && round < count; round++) {
    for (const queue of queues) {
      if (picked.length >= count) break;
      const product =
        next(queue, (p) => !colours.has(colourKey(p)) && !kinds.has(p.productType)) ??
        next(queue, (p) => !colours.has(colourKey(p))) ??
        next(queue, () => true);
      if (!product) continue;
      picked.push(product);
      taken.add(product.id);
      colours.add(colourKey(product));
      kinds.add(product.productType);
    }
  }
  return picked;
}

/** A picture for each category tile: a product of it, in a colour the tiles before did not show. */
export function categoryPictures(products: readonly IndexedProduct[], categoryIds: readonly number[]): Map<number, string> {
  const pictures = new Map<number, string>();
  const colours = new Set<string>();
  for (const id of categoryIds) {
    const inCategory = products.filter((p) => p.imagePath !== null && p.categoryIds.has(id));
    const product = inCategory.find((p) => !colours.has(colourKey(p))) ?? inCategory[0];
    if (!product?.imagePath) continue;
    pictures.set(id, product.imagePath);
    colours.add(colourKey(product));
  }
  return pictures;
}
