/** Sort orders of spec §3 ('relevance' only for search results) and the page sizes of the listing footer (shared by server and page). */
export const sortOptions = ['position', 'relevance', 'name', 'price_asc', 'price_desc', 'feed_through_size', 'length_accessory', 'rope_diameter'] as const;
export type SortOption = (typeof sortOptions)[number];
export const pageSizes = [24, 48, 96, 'all'] as const;
export type PageSize = (typeof pageSizes)[number];
/** "All" on one page stays usable on a phone: past this many products it pages (issue 19 item 10). */
export const allPageMax = 120;
