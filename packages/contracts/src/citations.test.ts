import { describe, expect, it } from 'vitest';
import { articlePath, articleReferences, evidenceOf } from './citations';

const ID = '3d1f14e4-2080-43c4-8b89-3f15e41eff52';

describe('article addresses in a text', () => {
  it('finds ours (absolute or relative), PubMed’s two forms and MedlinePlus pages, in order, each once', () => {
    const text = [
      `[the guideline](https://wink.example/search?q=bp&sri_id=${ID.toUpperCase()}&mo=1)`,
      'https://pubmed.ncbi.nlm.nih.gov/12091962/.',
      '(see https://www.ncbi.nlm.nih.gov/pubmed/9997)',
      '<https://www.medlineplus.gov/heartattack.html?utm=x#top>',
      `${articlePath(ID)} again, and https://pubmed.ncbi.nlm.nih.gov/12091962`,
    ].join(' ');
    expect(articleReferences(text)).toEqual([
      { id: ID },
      { pmid: '12091962' },
      { pmid: '9997' },
      { medlineplus: 'https://medlineplus.gov/heartattack.html' },
    ]);
  });

  it('ignores what names no article', () => {
    const text =
      'https://example.com/search?sri_id=nope https://pubmed.ncbi.nlm.nih.gov/?term=asthma https://medlineplus.gov/ /search?q=asthma';
    expect(articleReferences(text)).toEqual([]);
  });
});

describe('the kind of evidence', () => {
  it('puts a weighing of studies first, then guidelines, handouts, reviews, opinion, and one study otherwise', () => {
    expect(evidenceOf('pubmed', ['Journal Article', 'Review', 'Meta-Analysis'])).toBe('systematic_review');
    expect(evidenceOf('pubmed', ['Practice Guideline', 'Review'])).toBe('guideline');
    expect(evidenceOf('medlineplus', [])).toBe('patient_handout');
    expect(evidenceOf('curated', ['Overview'])).toBe('patient_handout');
    expect(evidenceOf('pubmed', ['Journal Article', 'Review'])).toBe('review');
    expect(evidenceOf('pubmed', ['Editorial'])).toBe('opinion');
    expect(evidenceOf('pubmed', ['Journal Article', 'Randomized Controlled Trial'])).toBe('single_study');
    expect(evidenceOf('pubmed', [])).toBe('single_study');
  });
});
