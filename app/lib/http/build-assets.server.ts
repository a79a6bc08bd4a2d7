import { readdirSync } from 'node:fs';
import { extname } from 'node:path';
import express, { type RequestHandler } from 'express';

/** The copies the build writes beside each script and stylesheet (scripts/app-build/precompress-plugin.ts), best first. */
export const precompressedEncodings = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * Hashed names: a file never changes, so nothing to revalidate with (no ETag, no date) and no byte
 * ranges to offer (scripts and styles are fetched whole). Each header is sent with every file,
 * and a page fetches a dozen of them.
 */
const fileOptions = { immutable: true, maxAge: '1y', etag: false, lastModified: false, acceptRanges: false, index: false } as const;

/**
 * /assets/… (issue 14): the build's scripts and styles as their compressed copy when the browser
 * takes that encoding, else the plain file. Mounted before the pages' security headers: a
 * document's policies (CSP, framing, referrer) mean nothing on a script, and a phone fetches a
 * dozen of these, so each carries only what applies to it.
 */
export function serveBuildAssets(assetsDir: string): express.Router {
  const files = express.static(assetsDir, fileOptions);
  return express
    .Router()
    .use((_req, res, next) => {
      res.set({ 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' });
      // A page's answer names its request for support; nobody traces a file that never changes.
      res.removeHeader('x-request-id');
      next();
    })
    .use(precompressedCopies(assetsDir, files))
    .use(files);
}

/**
 * Only names the directory held at start are served as copies (a build does not change under a
 * running shop). The copy goes out through the same static files as the plain one: Express's
 * `sendFile` would add an ETag whatever it is told.
 */
function precompressedCopies(assetsDir: string, files: RequestHandler): RequestHandler {
  let names: Set<string>;
  try {
    names = new Set(readdirSync(assetsDir));
  } catch {
    names = new Set();
  }
  return (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || name.includes('/')) return next();
    const copies = precompressedEncodings.filter(({ suffix }) => names.has(`${name}${suffix}`));
    if (copies.length === 0) return next();
    res.vary('Accept-Encoding');
    // Ours first (brotli is smaller) among what the browser takes, whatever order it listed them in.
    const chosen = copies.find(({ encoding }) => req.acceptsEncodings(encoding) === encoding);
    if (!chosen) return next();
    // The type of the plain file (send keeps a type already set), the encoding of the copy.
    res.type(extname(name));
    res.setHeader('Content-Encoding', chosen.encoding);
    const url = req.url;
    req.url = `/${name}${chosen.suffix}`;
    files(req, res, () => {
      res.removeHeader('Content-Encoding');
      req.url = url;
      next();
    });
  };
}
