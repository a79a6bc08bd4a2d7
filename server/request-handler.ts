/**
 * React Router's request handler for Express, like @react-router/express, with one difference:
 * the Request's URL is SITE_URL plus the path. The adapter would build it from Host and, behind a
 * trusted proxy, X-Forwarded-Host and X-Forwarded-Proto, so any client on the proxy's side could
 * choose the origin the router sees (and a value like `javascript:` made it throw).
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node';
import type { NextFunction, Request, Response } from 'express';
import { createRequestHandler as createRouterHandler, type RouterContextProvider, type ServerBuild } from 'react-router';

export interface RequestHandlerOptions {
  build: () => Promise<ServerBuild>;
  mode: 'production' | 'development';
  /** The site's public origin (SITE_URL). */
  siteUrl: string;
  getLoadContext(req: Request, res: Response): RouterContextProvider;
}

export function createRequestHandler({ build, mode, siteUrl, getLoadContext }: RequestHandlerOptions) {
  // React Router derives its route table on every request when handed a function (flattening and
  // ranking every route: 40 % of the CPU of a search-box answer, issue 14): it gets the build once loaded.
  const routerHandler = build().then((loaded) => createRouterHandler(loaded, mode));
  // A build that fails to load answers each request with the error (below), not as an unhandled rejection.
  routerHandler.catch(() => {});
  const origin = new URL(siteUrl).origin;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const handleRequest = await routerHandler;
      const response = await handleRequest(routerRequest(req, res, origin), getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function routerRequest(req: Request, res: Response, origin: string): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  let finished = false;
  res.on('finish', () => (finished = true));
  res.on('close', () => finished || controller.abort());
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`${origin}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}
