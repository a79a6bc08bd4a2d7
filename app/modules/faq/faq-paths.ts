/** The FAQ lives at /{prefix}/faq/{category path} in every storefront (spec §2). */
export const faqRoot = 'faq';

/** Path below the storefront prefix of a category, from its slugs top-down. */
export const faqPath = (slugs: readonly string[]) => [faqRoot, ...slugs].join('/');

/**
 * The aliases of spec §2, `/frequently-asked-questions/{category}` and `/it/faq/{category}`:
 * the path they stand for, below the storefront prefix.
 */
export const faqAliasTarget = (categoryPath: string | undefined) => faqPath(categoryPath ? [categoryPath.replace(/^\/+|\/+$/g, '')].filter(Boolean) : []);
