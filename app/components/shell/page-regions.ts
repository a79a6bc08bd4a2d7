/** The footer's id: the first paint waits until it is parsed (root.tsx, `rel="expect"`). */
export const siteFooterId = 'site-footer';
