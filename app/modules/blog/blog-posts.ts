/**
 * What the seeded posts share across languages: author and publication date. The texts are in
 * seed/{language}.json under the same keys; the hero pictures come from whoever seeds (the demo
 * generator draws them: scripts/demo-catalogue/blog-heroes.ts).
 */
export const seededPostDetails: Record<string, { author: string; publishedAt: string }> = {
  'five-essential-knots': { author: 'Marieke de Vries', publishedAt: '2026-03-12T09:00:00Z' },
  'cobra-bracelet': { author: 'Tom Jansen', publishedAt: '2026-04-02T09:00:00Z' },
  'choosing-rope': { author: 'Marieke de Vries', publishedAt: '2026-05-06T09:00:00Z' },
  'paracord-550-explained': { author: 'Sven Lindqvist', publishedAt: '2026-06-10T09:00:00Z' },
  'dog-leash': { author: 'Tom Jansen', publishedAt: '2026-07-15T09:00:00Z' },
  'finishing-ends': { author: 'Sven Lindqvist', publishedAt: '2026-08-19T09:00:00Z' },
  'monkeys-fist': { author: 'Marieke de Vries', publishedAt: '2026-09-23T09:00:00Z' },
  'caring-for-cord': { author: 'Tom Jansen', publishedAt: '2026-10-28T09:00:00Z' },
};
