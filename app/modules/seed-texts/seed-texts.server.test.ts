import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blogSeedFolder } from '#app/modules/blog/blog-seed.server.ts';
import { contentSeedFolder } from '#app/modules/content/seed-content.server.ts';
import { faqSeedFolder } from '#app/modules/faq/faq-seed.server.ts';
import { seedFile, seedLanguages, seedStructure } from './seed-texts.server.ts';

const read = (file: URL) => JSON.parse(readFileSync(file, 'utf8')) as unknown;

describe('seedStructure', () => {
  it('keeps identifiers and shapes, not the words', () => {
    const english = { categories: [{ key: 'care', parent: null, title: 'Care', questions: [{ key: 'washing', answer: '<p>By hand</p>' }] }] };
    const german = { categories: [{ key: 'care', parent: null, title: 'Pflege', questions: [{ key: 'washing', answer: '<p>Von Hand</p>' }] }] };
    expect(seedStructure(german)).toEqual(seedStructure(english));
    expect(seedStructure({ categories: [{ ...german.categories[0], key: 'pflege' }] })).not.toEqual(seedStructure(english));
    expect(seedStructure({ categories: [{ ...german.categories[0], questions: [] }] })).not.toEqual(seedStructure(english));
  });
});

/** Every `slug` in a seed file: they become URLs, so within one language they must differ. */
const slugsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(slugsOf)
    : value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([name, item]) => (name === 'slug' && typeof item === 'string' ? [item] : slugsOf(item)))
      : [];

describe.each([
  ['FAQ', faqSeedFolder],
  ['blog', blogSeedFolder],
])('the %s seed files present', (_name, folder) => {
  it.each(seedLanguages.filter((language) => existsSync(seedFile(folder, language))))('%s.json has distinct URL-safe slugs', (language) => {
    const slugs = slugsOf(read(seedFile(folder, language)));
    expect(slugs.length).toBeGreaterThan(0);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

/** Every language has its own file, with en.json's structure: only the words are translated. */
describe.each([
  ['content page', contentSeedFolder],
  ['FAQ', faqSeedFolder],
  ['blog', blogSeedFolder],
])('the %s seed files', (_name, folder) => {
  const english = read(seedFile(folder, 'en'));
  it.each(seedLanguages.filter((language) => language !== 'en'))('%s.json exists and has the structure of en.json', (language) => {
    const file = seedFile(folder, language);
    expect(existsSync(file), `${file.pathname} is missing`).toBe(true);
    expect(seedStructure(read(file))).toEqual(seedStructure(english));
  });
});
