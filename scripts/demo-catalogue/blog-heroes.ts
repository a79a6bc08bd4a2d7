import { type CordSwatchInput, drawCordSwatch } from './drawing/cord-swatch.ts';

/** The drawn cord picture of each seeded blog post (app/modules/blog/blog-posts.ts), by post key. */
const heroes: Record<string, CordSwatchInput> = {
  'five-essential-knots': { colours: ['#4b5320', '#c2b280'], pattern: 'camo', seed: 101 },
  'cobra-bracelet': { colours: ['#0b3d91', '#f2a900'], pattern: 'diamond', seed: 202 },
  'choosing-rope': { colours: ['#d62828', '#fcbf49'], pattern: 'spiral', seed: 303, kind: 'rope' },
  'paracord-550-explained': { colours: ['#1b1b1b', '#5c5c5c'], pattern: 'tracer', seed: 404 },
  'dog-leash': { colours: ['#b5121b', '#1d3557'], pattern: 'stripes', seed: 505, kind: 'rope' },
  'finishing-ends': { colours: ['#2a9d8f', '#e9c46a'], pattern: 'snake', seed: 606 },
  'monkeys-fist': { colours: ['#f77f00', '#1b1b1b'], pattern: 'stripes', seed: 707 },
  'caring-for-cord': { colours: ['#457b9d', '#f1faee'], pattern: 'reflective', seed: 808, kind: 'rope' },
};

/** The hero picture (SVG) of a seeded post, drawn like the demo catalogue's swatches. */
export function drawBlogHero(postKey: string): string {
  const hero = heroes[postKey];
  if (!hero) throw new Error(`blog post ${postKey}: no hero picture in blog-heroes.ts`);
  return drawCordSwatch(hero);
}
