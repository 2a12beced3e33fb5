import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusSchema } from '../../src/seed/corpus-loader';

const read = (name: string): unknown => {
  const file = path.join(CORPUS_DIR, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};

/**
 * The shipped corpus files, checked as data: valid, no duplicate keys, and no article tagged with
 * a descriptor the vocabulary lacks (the loader would silently drop such a link).
 */
describe('the demo corpus shipped in src/seed/corpus', () => {
  const rawDescriptors = read('mesh-descriptors.json');
  const rawArticles = read('articles.json');

  it('has valid files with unique keys', () => {
    if (rawDescriptors !== null) {
      const descriptors = corpusSchema.descriptors.parse(rawDescriptors);
      expect(new Set(descriptors.map((d) => d.ui)).size, 'duplicate descriptor UIs').toBe(descriptors.length);
    }
    if (rawArticles !== null) {
      const list = corpusSchema.articles.parse(rawArticles);
      expect(new Set(list.map((a) => a.external_id)).size, 'duplicate external ids').toBe(list.length);
    }
  });

  it('tags articles only with descriptors that are in mesh-descriptors.json', () => {
    if (rawArticles === null) return;
    expect(rawDescriptors, 'articles.json exists but mesh-descriptors.json does not').not.toBeNull();
    const known = new Set(corpusSchema.descriptors.parse(rawDescriptors).map((d) => d.ui));
    const missing = corpusSchema.articles
      .parse(rawArticles)
      .flatMap((a) => a.mesh.filter((m) => !known.has(m.ui)).map((m) => `${a.external_id} -> ${m.ui}`));
    expect(missing, 'MeSH UIs used in articles.json but missing from mesh-descriptors.json').toEqual([]);
  });
});
