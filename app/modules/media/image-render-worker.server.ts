/**
 * The render process (started by ImageRenderer): renders the jobs its parent sends, at the
 * lowest CPU priority. The priority is set before sharp loads, so the threads that libuv and
 * libvips start later inherit it.
 */
import { setPriority } from 'node:os';
import type { RenderReply, RenderRequest } from './image-renderer.server.ts';

setPriority(19);
const { renderWebp } = await import('./image-renderer.server.ts');
const { default: sharp } = await import('sharp');
// One libvips thread per render: the parent decides how many renders run at once.
sharp.concurrency(1);

process.on('message', (request: RenderRequest) => {
  const reply = (message: RenderReply) => process.send?.(message);
  renderWebp(request.job, request.timeoutSeconds).then(
    (bytes) => reply({ id: request.id, ok: true, bytes }),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      reply({ id: request.id, ok: false, message, timedOut: /\btimeout: \d+% complete/.test(message) });
    },
  );
});
// The parent is gone (stopped or crashed): nothing left to render for.
process.on('disconnect', () => process.exit(0));
