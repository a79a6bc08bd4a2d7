/**
 * Query parameters that change what a page shows and so belong in its canonical URL: paging,
 * sorting, search and the listing filters of spec §3. Everything else (tracking, preferences)
 * is dropped. Kept parameters are sorted alphabetically (spec §2).
 */
export const canonicalParams = new Set([
  'page',
  'limit',
  'sort',
  'q',
  'price_min',
  'price_max',
  'length',
  'metres',
  'breaking_strength',
  'category_uid',
  'color',
  'feed_through',
  'feed_through_size',
  'innersize',
  'leather_grade',
  'leather_thickness',
  'length_accessory',
  'materiaal_soort_metalen',
  'material_thickness',
  'nappa_basic',
  'number_of_strands',
  'paracord_family',
  'paracord_type',
  'pattern_type',
  'product_main_group',
  'rope_construction',
  'rope_diameter',
  'rope_material',
  'rope_material_core',
  'strap_length',
  'strap_width',
  'surface_family',
]);

/**
 * Parameter names are lower-case ASCII, where this is the alphabetical order; unlike localeCompare
 * it does not start the browser's collation (ICU) while a page hydrates (decision 0040).
 */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function canonicalUrl(siteUrl: string, pathname: string, search: string): string {
  const kept = [...new URLSearchParams(search)]
    .filter(([name]) => canonicalParams.has(name))
    .sort(([a, aValue], [b, bValue]) => byCodeUnits(a, b) || byCodeUnits(aValue, bValue));
  const query = new URLSearchParams(kept).toString();
  return `${siteUrl}${pathname}${query ? `?${query}` : ''}`;
}
