/** A storefront's own words for a message key, as the page objects look controls up by them. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;
