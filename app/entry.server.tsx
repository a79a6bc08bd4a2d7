import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router';
import { pageMessagesContext, requestInfoContext } from './context.ts';
import { ServerPageMessages } from './modules/i18n/page-messages.tsx';
import { unavailableRetryAfter } from './db/with-database.server.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce } = loadContext.get(requestInfoContext);
  // The headers of a 503 thrown by a loader or action do not reach the error page's response.
  if (responseStatusCode === 503 && !responseHeaders.has('Retry-After')) responseHeaders.set('Retry-After', unavailableRetryAfter);
  const isBot = isbot(request.headers.get('user-agent') ?? '');
  // Bots get the status of an error without the error page (spec §2).
  if (isBot && responseStatusCode >= 400) {
    responseHeaders.set('Content-Type', 'text/plain; charset=utf-8');
    return new Response(`${responseStatusCode}`, { status: responseStatusCode, headers: responseHeaders });
  }
  // Bots and SPA-mode prerendering get the whole document at once; browsers get it streamed.
  const waitForAll = isBot || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The page's messages reach its render here, not through its hydration data (decision 0032).
    const page = (
      <ServerPageMessages messages={loadContext.get(pageMessagesContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
      </ServerPageMessages>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce: cspNonce,
      [waitForAll ? 'onAllReady' : 'onShellReady']() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1_000);
  });
}
