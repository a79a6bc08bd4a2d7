import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import express, { type RequestHandler } from 'express';

/** The copies the build writes beside each script and stylesheet (scripts/app-build/precompress-plugin.ts), best first. */
export const precompressedEncodings = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Hashed names: a file never changes, so no date to revalidate with. */
const fileOptions = { immutable: true, maxAge: '1y', etag: false, lastModified: false };

/**
 * /assets/… (issue 14): the build's scripts and styles as their compressed copy when the browser
 * takes that encoding, else the plain file. Mounted before the pages' security headers: a
 * document's policies (CSP, framing, referrer) mean nothing on a script, and a phone fetches a
 * dozen of these, so each carries only what applies to it.
 */
export function serveBuildAssets(assetsDir: string): express.Router {
  return express
    .Router()
    .use((_req, res, next) => {
      res.set({ 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' });
      next();
    })
    .use(precompressedCopies(assetsDir))
    .use(express.static(assetsDir, { ...fileOptions, index: false }));
}

/** Only names the directory held at start are served as copies (a build does not change under a running shop). */
function precompressedCopies(assetsDir: string): RequestHandler {
  let files: Set<string>;
  try {
    files = new Set(readdirSync(assetsDir));
  } catch {
    files = new Set();
  }
  return (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || name.includes('/')) return next();
    const copies = precompressedEncodings.filter(({ suffix }) => files.has(`${name}${suffix}`));
    if (copies.length === 0) return next();
    res.vary('Accept-Encoding');
    // Ours first (brotli is smaller) among what the browser takes, whatever order it listed them in.
    const chosen = copies.find(({ encoding }) => req.acceptsEncodings(encoding) === encoding);
    if (!chosen) return next();
    res.type(extname(name));
    res.setHeader('Content-Encoding', chosen.encoding);
    res.sendFile(join(assetsDir, `${name}${chosen.suffix}`), fileOptions, (error) => {
      if (error && !res.headersSent) next();
    });
  };
}
