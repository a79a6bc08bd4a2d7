/** The filters of the admin's products list, read from its query string (shared with the page). */
export const stockStates = ['in', 'out'] as const;

export interface ProductListFilters {
  q?: string;
  categoryId?: number;
  productType?: string;
  colourOptionId?: number;
  stock?: (typeof stockStates)[number];
  active?: boolean;
}

/** Reads the filters of the list's query string leniently: anything unknown is no filter. */
export function productListFilters(params: URLSearchParams): ProductListFilters {
  const positive = (name: string) => {
    const value = Number(params.get(name));
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  };
  const stock = params.get('stock');
  const active = params.get('active');
  return {
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    categoryId: positive('category'),
    productType: params.get('type')?.trim() || undefined,
    colourOptionId: positive('colour'),
    stock: stockStates.find((state) => state === stock),
    active: active === 'yes' ? true : active === 'no' ? false : undefined,
  };
}
