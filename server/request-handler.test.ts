import express from 'express';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createRequestHandler } from './request-handler.ts';

/** A build with one route whose loader answers plain text: enough for React Router's request handler. */
function oneRouteBuild(): ServerBuild {
  return {
    entry: { module: { default: () => new Response('document') } },
    routes: { root: { id: 'root', path: '', module: { loader: () => new Response('hello') } } },
    assets: { entry: { imports: [], module: '' }, routes: {}, url: '', version: '1' },
    publicPath: '/',
    assetsBuildDirectory: '',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}

describe('the request handler', () => {
  it('loads the build once for all requests, so React Router derives its route table once (issue 14)', async () => {
    const build = vi.fn(async () => oneRouteBuild());
    const app = express();
    app.all('{*path}', createRequestHandler({ build, mode: 'production', siteUrl: 'http://shop.example', getLoadContext: () => new RouterContextProvider() }));
    const server = app.listen(0);
    try {
      const { port } = server.address() as { port: number };
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`http://127.0.0.1:${port}/?_data=root`, { headers: { accept: 'text/plain' } });
        await response.text();
      }
      expect(build).toHaveBeenCalledTimes(1);
    } finally {
      server.close();
    }
  });
});
