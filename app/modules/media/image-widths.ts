/**
 * The widths (CSS pixels) the image pipeline serves. Pages ask for these only (imageSources
 * takes an ImageWidth); the server redirects any other width to the nearest of them, so a
 * visitor cannot make it render and store an image per width (decision 0015).
 */
export const imageWidths = [48, 96, 160, 320, 480, 640, 800, 960, 1280, 1920] as const;
export type ImageWidth = (typeof imageWidths)[number];

/** The served width closest to `width`; halfway between two, the larger (sharper) one. */
export function nearestImageWidth(width: number): ImageWidth {
  let nearest: ImageWidth = imageWidths[0];
  for (const candidate of imageWidths) {
    if (Math.abs(candidate - width) <= Math.abs(nearest - width)) nearest = candidate;
  }
  return nearest;
}

export function isImageWidth(width: number): width is ImageWidth {
  return (imageWidths as readonly number[]).includes(width);
}
