import { describe, expect, it } from 'vitest';
import { linkDestinationName, sourceName } from './article-source';

describe('one name per source', () => {
  it('names each source the same way everywhere', () => {
    expect(sourceName('pubmed')).toBe('PubMed');
    expect(sourceName('medlineplus')).toBe('MedlinePlus');
    expect(sourceName('curated')).toBe('Wink Health');
    expect(sourceName('elsewhere')).toBe('elsewhere');
  });

  it('names where a link leads by the same names, else by its host', () => {
    expect(linkDestinationName('https://medlineplus.gov/heartattack.html', 'Wink Health')).toBe('MedlinePlus');
    expect(linkDestinationName('https://www.medlineplus.gov/x', 'Wink Health')).toBe('MedlinePlus');
    expect(linkDestinationName('https://pubmed.ncbi.nlm.nih.gov/123/', 'PubMed')).toBe('PubMed');
    expect(linkDestinationName('https://www.heart.org/en/health-topics', 'Wink Health')).toBe('heart.org');
    expect(linkDestinationName('not a url', 'Wink Health')).toBe('Wink Health');
  });
});
