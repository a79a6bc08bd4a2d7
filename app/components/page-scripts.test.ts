import { describe, expect, it } from 'vitest';
import { afterFirstScreen } from './page-scripts.tsx';

/** React Router 8's module script for a page of two matched routes, as <Scripts> writes it. */
const routerModuleScript = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/home-B.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-C.js");`;

describe('the page’s scripts after its first screen (decision 0037)', () => {
  const script = afterFirstScreen(routerModuleScript, ['/assets/entry.client-C.js', '/assets/framework-D.js'], '/api/messages/en-gb.E.json');

  it('leaves no static import, which the browser would fetch as soon as it reads it', () => {
    expect(script).not.toMatch(/^\s*import\s+\*/m);
    expect(script).toContain('const [route0, route1] = await Promise.all([import("/assets/root-A.js"), import("/assets/home-B.js")]);');
  });

  it('waits for the first screen before it adds the preloads and the messages, and keeps React Router’s own statements in order', () => {
    const order = [
      'firstScreenDrawn',
      '{"rel":"modulepreload","href":"/assets/entry.client-C.js"},{"rel":"modulepreload","href":"/assets/framework-D.js"}',
      '{"rel":"preload","as":"fetch","crossorigin":"anonymous","href":"/api/messages/en-gb.E.json","data-page-messages":""}',
      'await Promise.all',
      'window.__reactRouterManifest',
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
      'import("/assets/entry.client-C.js");',
    ].map((part) => script.indexOf(part));
    expect(order).not.toContain(-1);
    expect(order).toEqual(order.toSorted((a, b) => a - b));
  });

  it('is a module the browser can run (top-level await and all)', async () => {
    // Compiled, not run: the AsyncFunction constructor parses await at the top as a module would.
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (body: string) => unknown;
    expect(() => new AsyncFunction(script.replaceAll(/\bimport\(/g, 'load('))).not.toThrow();
  });

  it('adds no messages link where the page carries its messages inline (the back office)', () => {
    expect(afterFirstScreen(routerModuleScript, [], undefined)).not.toContain('data-page-messages');
  });
});
