import { describe, expect, it } from 'vitest';
import { chunksOf, composeOffline } from '../../src/plugins/app/healthbot/compose';
import { isSupported } from '../../src/plugins/app/healthbot/llm-prompt';
import { selectPassages, sentencesOf, type RetrievedArticle } from '../../src/plugins/app/healthbot/passages';
import { questionTerms } from '../../src/plugins/app/healthbot/question-terms';

const article = (id: string, title: string, summary: string): RetrievedArticle => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  title,
  summary,
  source: 'curated',
  url: null,
});

const plain = { emergency: null, injection: false, asks: null } as const;

describe('composing the offline answer', () => {
  it('keeps only the content words of a question', () => {
    expect(questionTerms('What are the symptoms of type 2 diabetes?')).toEqual(['symptoms', 'type', '2', 'diabetes']);
    expect(questionTerms('Hi Wink, can you tell me about it?')).toEqual([]);
  });

  it('cuts summaries into whole sentences', () => {
    expect(sentencesOf('Short. Asthma affects the airways, e.g. the bronchi. Symptoms include wheezing and coughing at night.')).toEqual([
      'Asthma affects the airways, e.g. the bronchi.',
      'Symptoms include wheezing and coughing at night.',
    ]);
  });

  it('quotes the best sentences, numbers sources in order of use, never a dose, never a sentence that leans on another', () => {
    const articles = [
      article(
        '1',
        'Asthma basics',
        'Asthma narrows the airways in the lungs. It can be controlled. Adults take 200 mg of asthma tablets daily.',
      ),
      article('2', 'Hay fever and asthma', 'Hay fever can make asthma symptoms worse in spring.'),
      article('3', 'Broken bones', 'A broken bone needs a cast to heal properly.'),
    ];
    const focus = { terms: ['asthma'], concepts: [['asthma']] };
    const passages = selectPassages(articles, focus);
    expect(passages.map((p) => p.text)).toEqual([
      'Asthma narrows the airways in the lungs.',
      'Hay fever can make asthma symptoms worse in spring.',
    ]);
    const composed = composeOffline(passages, plain, 'asthma');
    expect(composed.citations.map((c) => [c.n, c.title])).toEqual([
      [1, 'Asthma basics'],
      [2, 'Hay fever and asthma'],
    ]);
    expect(composed.text.split('\n\n')).toEqual([
      'Here is what our articles say.',
      'Asthma narrows the airways in the lungs. [1]',
      'Hay fever can make asthma symptoms worse in spring. [2]',
      expect.stringMatching(/not medical advice/),
    ]);
  });

  it('says it found nothing rather than quoting something unrelated', () => {
    const passages = selectPassages([article('3', 'Broken bones', 'A broken bone needs a cast to heal properly.')], {
      terms: ['asthma'],
      concepts: [],
    });
    expect(composeOffline(passages, plain, 'asthma')).toMatchObject({ kind: 'no_results', citations: [] });
  });

  it('streams in pieces that join back into the exact text', () => {
    const text = 'Here is what our articles say.\n\nAsthma narrows the airways. [1]\n\nThis is not medical advice.';
    const chunks = chunksOf(text);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(text);
  });

  it('accepts a generated answer only if it cites given sources and names no dose', () => {
    const citations = [{ n: 1, article_id: article('1', '', '').id, title: 'A', source: 'curated' as const, url: null, quote: 'q' }];
    expect(isSupported('Asthma narrows the airways [1].', citations)).toBe(true);
    expect(isSupported('Asthma narrows the airways.', citations)).toBe(false);
    expect(isSupported('Asthma narrows the airways [2].', citations)).toBe(false);
    expect(isSupported('Take 2 puffs [1].', citations)).toBe(false);
  });
});
