import type { CordSwatchInput } from '../media/cord-swatch.ts';

/**
 * What the seeded posts share across languages: author, publication date and the drawn cord
 * picture used as hero image (the shop's own swatch drawing, rendered by the image pipeline).
 * The texts are in seed/{language}.json under the same keys.
 */
export const seededPostDetails: Record<string, { author: string; publishedAt: string; hero: CordSwatchInput }> = {
  'five-essential-knots': { author: 'Marieke de Vries', publishedAt: '2026-03-12T09:00:00Z', hero: { colours: ['#4b5320', '#c2b280'], pattern: 'camo', seed: 101 } },
  'cobra-bracelet': { author: 'Tom Jansen', publishedAt: '2026-04-02T09:00:00Z', hero: { colours: ['#0b3d91', '#f2a900'], pattern: 'diamond', seed: 202 } },
  'choosing-rope': { author: 'Marieke de Vries', publishedAt: '2026-05-06T09:00:00Z', hero: { colours: ['#d62828', '#fcbf49'], pattern: 'spiral', seed: 303, kind: 'rope' } },
  'paracord-550-explained': { author: 'Sven Lindqvist', publishedAt: '2026-06-10T09:00:00Z', hero: { colours: ['#1b1b1b', '#5c5c5c'], pattern: 'tracer', seed: 404 } },
  'dog-leash': { author: 'Tom Jansen', publishedAt: '2026-07-15T09:00:00Z', hero: { colours: ['#b5121b', '#1d3557'], pattern: 'stripes', seed: 505, kind: 'rope' } },
  'finishing-ends': { author: 'Sven Lindqvist', publishedAt: '2026-08-19T09:00:00Z', hero: { colours: ['#2a9d8f', '#e9c46a'], pattern: 'snake', seed: 606 } },
  'monkeys-fist': { author: 'Marieke de Vries', publishedAt: '2026-09-23T09:00:00Z', hero: { colours: ['#f77f00', '#1b1b1b'], pattern: 'stripes', seed: 707 } },
  'caring-for-cord': { author: 'Tom Jansen', publishedAt: '2026-10-28T09:00:00Z', hero: { colours: ['#457b9d', '#f1faee'], pattern: 'reflective', seed: 808, kind: 'rope' } },
};
