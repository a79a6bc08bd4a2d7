import { describe, expect, it } from 'vitest';
import { runtimeImports, sourceFiles } from '../support/runtime-imports.ts';

/**
 * No runtime import cycle between the folders of app/modules (issue 13, decision 0021): a cycle
 * ties domains together so that neither can change, be tested or be loaded without the other.
 * The folders are ranked from the infrastructure up to the domains that use the others; an import
 * upwards that closes a cycle fails, unless it is one of the known cycles listed below, which are
 * still to be broken (this list only shrinks: an entry that no longer closes a cycle fails too).
 */
const ranking = [
  // shared reference and settings (the infrastructure itself is in app/lib/)
  'config',
  'geography',
  'i18n',
  'currency',
  'seed-texts',
  'page-cache',
  'mail',
  'media',
  'rich-text',
  // when content (pages, posts, banners, FAQ) is on show: one rule for every module that shows content
  'schedule',
  'seo',
  // domains, each using only those before it; content assembles pages from the others, admin is the back office of all
  'pricing',
  'catalogue',
  'search',
  'customers',
  'gift-cards',
  'promotions',
  'cart',
  'wishlists',
  'orders',
  'payments',
  'checkout',
  'engagement',
  'content',
  'newsletter',
  'blog',
  'faq',
  'privacy',
  'analytics',
  'admin',
  // the back office's catalogue work, the offline app, the background jobs over all of them, and their figures
  'catalogue-admin',
  'catalogue-transfer',
  'pwa',
  'jobs',
  'metrics',
];

/** Known imports that close a cycle, as "from → to" folders: to be broken by moving the shared piece or passing it in. */
const knownCycles: string[] = [
  // the product page shows reviews: reviews belong with the catalogue (or engagement)
  'catalogue → customers',
  // logging in merges the carts: the log-in route (or a use case above both) should do it
  'customers → cart',
  // a gift card is a cart line and the cart knows gift-card lines: one owner for the purchase rule
  'gift-cards → cart',
  // the gift-card PDF uses the invoice's PDF renderer: the renderer is infrastructure
  'gift-cards → orders',
  // invoices and mails link the terms page: the information pages' paths are shared reference data
  'orders → content',
  // shipping and VAT need the delivery countries: the countries are reference data, not the customers'
  'pricing → customers',
  // search documents of posts need the blog's path segment per store: shared reference data
  'search → blog',
];

const folderOf = (file: string) => /^app\/modules\/([^/]+)\//.exec(file)?.[1];

/** Folder → folder → the imports that make the edge. */
function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles('app/modules')) {
    const from = folderOf(file)!;
    for (const target of runtimeImports(file)) {
      const to = folderOf(target);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), `${file} → ${target}`]);
      graph.set(from, edges);
    }
  }
  return graph;
}

function reachable(graph: Map<string, Map<string, string[]>>, start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    for (const next of graph.get(stack.pop()!)?.keys() ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen;
}

/** The imports from a folder to one ranked above it that lie on a cycle (the target reaches back). */
function cycleClosingImports(graph: Map<string, Map<string, string[]>>): Map<string, string[]> {
  const closing = new Map<string, string[]>();
  for (const [from, edges] of graph) {
    for (const [to, imports] of edges) {
      if (ranking.indexOf(to) > ranking.indexOf(from) && reachable(graph, to).has(from)) closing.set(`${from} → ${to}`, imports);
    }
  }
  return closing;
}

describe('import cycles between app/modules folders', () => {
  const graph = folderGraph();

  it('ranks every folder of app/modules', () => {
    const folders = new Set(sourceFiles('app/modules').map((file) => folderOf(file)!));
    expect([...folders].filter((folder) => !ranking.includes(folder))).toEqual([]);
  });

  it('has no cycle but the known ones', () => {
    const closing = cycleClosingImports(graph);
    const unknown = [...closing].filter(([edge]) => !knownCycles.includes(edge)).flatMap(([edge, imports]) => [edge, ...imports.map((line) => `  ${line}`)]);
    expect(unknown).toEqual([]);
  });

  it('lists no known cycle that is already broken', () => {
    const closing = cycleClosingImports(graph);
    expect(knownCycles.filter((edge) => !closing.has(edge))).toEqual([]);
  });

  it('keeps the cycles broken in issue 13 broken: cart and checkout, customers and orders, http and i18n', () => {
    const importsEachOther = (a: string, b: string) => graph.get(a)?.has(b) === true && graph.get(b)?.has(a) === true;
    expect([importsEachOther('cart', 'checkout'), importsEachOther('customers', 'orders'), importsEachOther('http', 'i18n')]).toEqual([false, false, false]);
    // http is infrastructure: it reaches no domain at all.
    expect([...reachable(graph, 'http')].filter((folder) => ranking.indexOf(folder) > ranking.indexOf('http'))).toEqual([]);
  });

  it('sees a cycle when there is one (the check itself works)', () => {
    const cyclic = new Map([
      ['pricing', new Map([['orders', ['a → b']]])],
      ['orders', new Map([['pricing', ['b → a']]])],
    ]);
    expect([...cycleClosingImports(cyclic).keys()]).toEqual(['pricing → orders']);
  });
});
