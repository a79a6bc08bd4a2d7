import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import sharp from 'sharp';

/** Spec §9: webp quality 80 by default, 60 for banners; cached for a week. */
export const imagePresets = { default: { quality: 80 }, banner: { quality: 60 } } as const;
export type ImagePreset = keyof typeof imagePresets;
export const imageCacheControl = 'public, max-age=604800';
const maxWidth = 2400;

export interface ImageRequest {
  /** Path below the media directory, e.g. 'swatches/paracord-550/black.svg'. */
  path: string;
  width?: number;
  density: 1 | 2;
  preset: ImagePreset;
}

export class ImageNotFoundError extends Error {}

/** Parses `/images/{path}?w=400&dpr=2&preset=banner`; invalid numbers fall back to defaults. */
export function parseImageRequest(path: string, query: URLSearchParams): ImageRequest | null {
  const clean = normalize(decodeURIComponent(path)).replace(/^([/\\])+/, '');
  if (clean.startsWith('..') || clean.includes(`${sep}..${sep}`) || clean.includes('\0')) return null;
  const width = Number.parseInt(query.get('w') ?? '', 10);
  const preset = query.get('preset');
  return {
    path: clean,
    width: Number.isFinite(width) && width > 0 ? Math.min(width, maxWidth) : undefined,
    density: query.get('dpr') === '2' ? 2 : 1,
    preset: preset === 'banner' ? 'banner' : 'default',
  };
}

/**
 * Renders a media file as webp at the requested size and density, caching the result on disk
 * so each variant is encoded once.
 */
export async function renderImage(mediaDir: string, cacheDir: string, request: ImageRequest): Promise<Buffer> {
  const source = join(mediaDir, request.path);
  const cacheKey = createHash('sha256')
    .update(JSON.stringify(request))
    .digest('hex')
    .slice(0, 32);
  const cached = join(cacheDir, `${cacheKey}.webp`);
  try {
    const [cachedStat, sourceStat] = await Promise.all([stat(cached), stat(source)]);
    if (cachedStat.mtimeMs >= sourceStat.mtimeMs) return await readFile(cached);
  } catch {
    // not cached yet (or the source is missing, which the read below reports)
  }
  let input: Buffer;
  try {
    input = await readFile(source);
  } catch {
    throw new ImageNotFoundError(request.path);
  }
  let pipeline = sharp(input, { density: 72 * request.density });
  if (request.width) pipeline = pipeline.resize({ width: request.width * request.density, withoutEnlargement: false });
  const output = await pipeline.webp({ quality: imagePresets[request.preset].quality }).toBuffer();
  await mkdir(cacheDir, { recursive: true });
  const temporary = `${cached}.${process.pid}.tmp`;
  await writeFile(temporary, output);
  await rename(temporary, cached);
  return output;
}

export interface ImageMetadata {
  width: number;
  height: number;
  ratio: number;
}

/** Size of a media file; a failed lookup gives zeros (spec §8) rather than an error. */
export async function imageMetadata(file: string): Promise<ImageMetadata> {
  try {
    const { width, height } = await sharp(file).metadata();
    if (!width || !height) return { width: 0, height: 0, ratio: 0 };
    return { width, height, ratio: width / height };
  } catch {
    return { width: 0, height: 0, ratio: 0 };
  }
}
