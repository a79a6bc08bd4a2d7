import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import sharp from 'sharp';
import type { Logger } from '#app/lib/observability/logger.server.ts';
import type { ImageCache } from './image-cache.server.ts';
import { ImageRendererBusyError, type ImageRenderer, maxRenderWidth, type RenderJob } from './image-renderer.server.ts';
import { type ImageWidth, isImageWidth, nearestImageWidth } from './image-widths.ts';

/**
 * Spec §9: webp quality 80 by default, 60 for banners; cached for a week. `banner-phone` is a
 * banner cut to the 8:5 a phone shows of it (its centre), so a phone does not fetch the sides it
 * never shows (decision 0037).
 */
export const imagePresets = {
  default: { quality: 80 },
  banner: { quality: 60 },
  'banner-phone': { quality: 60, aspect: { width: 8, height: 5 } },
} as const satisfies Record<string, Pick<RenderJob, 'quality' | 'aspect'>>;
export type ImagePreset = keyof typeof imagePresets;
export const imageCacheControl = 'public, max-age=604800';
/** What a 503 asks the client to wait before trying again. */
export const imageRetryAfterSeconds = 10;

export interface ImageRequest {
  /** Path below the media directory, e.g. 'swatches/paracord-550/black.svg'. */
  path: string;
  width: ImageWidth | undefined;
  density: 1 | 2;
  preset: ImagePreset;
}

export type ParsedImageRequest =
  | { kind: 'image'; request: ImageRequest }
  /** A width the pages do not use: the same image at the nearest served width. */
  | { kind: 'redirect'; location: string }
  | { kind: 'invalid'; reason: string };

/** Up to four digits: a width a page or an old link could ask for (larger is not a width). */
const widthPattern = /^\d{1,4}$/;
const densities: Record<string, 1 | 2> = { '1': 1, '2': 2 };

/**
 * Reads `/images/{path}?w=320&dpr=2&preset=banner` (decision 0015). A width outside the served
 * set is redirected to the nearest served one; a width that is not a number of at most four
 * digits, an unknown dpr or preset, or a path leaving the media directory is invalid.
 */
export function parseImageRequest(rawPath: string, query: URLSearchParams): ParsedImageRequest {
  let path: string;
  try {
    path = normalize(decodeURIComponent(rawPath).replace(/^[/\\]+/, ''));
  } catch {
    return { kind: 'invalid', reason: 'malformed path' };
  }
  if (path === '' || path === '.' || path.startsWith('..') || path.includes(`${sep}..${sep}`) || path.includes('\0')) {
    return { kind: 'invalid', reason: 'path outside the media directory' };
  }
  const density = densities[query.get('dpr') ?? '1'];
  if (!density) return { kind: 'invalid', reason: 'dpr must be 1 or 2' };
  const preset = query.get('preset') ?? 'default';
  if (!Object.hasOwn(imagePresets, preset)) return { kind: 'invalid', reason: `unknown preset` };
  const request = { path, density, preset: preset as ImagePreset };
  const widthParameter = query.get('w');
  if (widthParameter === null) return { kind: 'image', request: { ...request, width: undefined } };
  const width = Number(widthParameter);
  if (!widthPattern.test(widthParameter) || width === 0) return { kind: 'invalid', reason: 'w must be a width in pixels' };
  if (isImageWidth(width)) return { kind: 'image', request: { ...request, width } };
  return { kind: 'redirect', location: imageLocation({ ...request, width: nearestImageWidth(width) }) };
}

/** The canonical URL of an image request. */
export function imageLocation(request: ImageRequest): string {
  const query = new URLSearchParams();
  if (request.width !== undefined) query.set('w', String(request.width));
  if (request.density !== 1) query.set('dpr', String(request.density));
  if (request.preset !== 'default') query.set('preset', request.preset);
  const path = request.path.split(sep).map(encodeURIComponent).join('/');
  return `/images/${path}${query.size > 0 ? `?${query}` : ''}`;
}

/** The pixel width rendered: 1x and 2x of two widths can be the same file (320 at 2x = 640). */
function renderWidth(request: ImageRequest): number | undefined {
  return request.width === undefined ? undefined : Math.min(request.width * request.density, maxRenderWidth);
}

export type ImageResult = { kind: 'image'; body: Buffer } | { kind: 'not-found' } | { kind: 'busy' };

export interface ImagePipelineOptions {
  mediaDir: string;
  cache: ImageCache;
  renderer: ImageRenderer;
  logger: Logger;
}

/**
 * Serves media files as webp at the served widths: from the disk cache, or rendered once by the
 * renderer however many requests ask for the same variant at the same time (single flight).
 */
export class ImagePipeline {
  private readonly options: ImagePipelineOptions;
  private readonly inFlight = new Map<string, Promise<ImageResult>>();

  constructor(options: ImagePipelineOptions) {
    this.options = options;
  }

  get(request: ImageRequest): Promise<ImageResult> {
    const width = renderWidth(request);
    const variant = { path: request.path, width: width ?? `own@${request.density}x`, ...imagePresets[request.preset] };
    const key = createHash('sha256').update(JSON.stringify(variant)).digest('hex').slice(0, 32);
    let result = this.inFlight.get(key);
    if (!result) {
      result = this.load(key, request, width).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, result);
    }
    return result;
  }

  private async load(key: string, request: ImageRequest, width: number | undefined): Promise<ImageResult> {
    const { mediaDir, cache, renderer, logger } = this.options;
    const source = join(mediaDir, request.path);
    const sourceInfo = await stat(source).catch(() => null);
    if (!sourceInfo?.isFile()) return { kind: 'not-found' };
    const cached = await cache.read(key, sourceInfo.mtimeMs);
    if (cached) return { kind: 'image', body: cached };
    let body: Buffer;
    try {
      body = await renderer.render({ source, width, density: request.density, ...imagePresets[request.preset] });
    } catch (error) {
      if (error instanceof ImageRendererBusyError) {
        logger.warn({ path: request.path, reason: error.message }, 'image render refused: renderer busy');
        return { kind: 'busy' };
      }
      throw error;
    }
    // A cache that cannot be written (full disk) costs a render next time, not this answer.
    await cache.write(key, body).catch((error: unknown) => logger.warn({ err: error, path: request.path }, 'could not cache a rendered image'));
    return { kind: 'image', body };
  }
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
