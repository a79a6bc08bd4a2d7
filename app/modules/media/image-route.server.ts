import type { RequestHandler } from 'express';
import { imageCacheControl, type ImagePipeline, imageRetryAfterSeconds, parseImageRequest } from './image-pipeline.server.ts';

const prefix = '/images/';

/**
 * GET /images/{path}?w=&dpr=&preset=: webp through the image pipeline. A middleware rather than
 * a route: the router would decode the path (and fail on a bad escape) before it gets here.
 */
export function serveImages(images: ImagePipeline): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith(prefix)) return next();
    const parsed = parseImageRequest(req.path.slice(prefix.length), new URL(req.url, 'http://x').searchParams);
    if (parsed.kind === 'invalid') return void res.status(400).type('text/plain').send(`Bad image request: ${parsed.reason}`);
    if (parsed.kind === 'redirect') {
      res.setHeader('Cache-Control', imageCacheControl);
      return void res.redirect(301, parsed.location);
    }
    const result = await images.get(parsed.request);
    if (result.kind === 'not-found') return void res.status(404).type('text/plain').send('Image not found');
    if (result.kind === 'busy') {
      res.setHeader('Retry-After', String(imageRetryAfterSeconds));
      return void res.status(503).type('text/plain').send('Too many images are being prepared; try again shortly');
    }
    res.setHeader('Cache-Control', imageCacheControl);
    res.type('image/webp').send(result.body);
  };
}
