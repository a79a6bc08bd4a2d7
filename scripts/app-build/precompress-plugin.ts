/**
 * Issue 14: the browser's scripts and styles compressed once at build time, as hard as brotli and
 * gzip go (the server compresses pages at level 1 per request; for the build's fixed files that
 * would cost a phone about a seventh more script). app/lib/http/build-assets.server.ts serves them.
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { precompressedEncodings } from '#app/lib/http/build-assets.server.ts';

const root = resolve(import.meta.dirname, '../..');
const compressors = {
  br: (source: Uint8Array) => promisify(brotliCompress)(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  gzip: (source: Uint8Array) => promisify(gzip)(source, { level: constants.Z_BEST_COMPRESSION }),
};

export function precompressPlugin(): Plugin {
  return {
    name: 'cordial-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.name !== 'client') return;
      const outDir = options.dir ?? join(root, 'build/client');
      const files = Object.values(bundle).filter((file) => /^assets\/.+\.(js|css)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
          for (const { encoding, suffix } of precompressedEncodings) {
            await writeFile(join(outDir, `${file.fileName}${suffix}`), await compressors[encoding](source));
          }
        }),
      );
    },
  };
}
