import { beforeEach, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../src/seed/corpus-loader';
import { signedIn } from '../community/people';
import type { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';

/**
 * Questions as people type them, on the demo corpus (its real articles and MeSH): the subject is
 * found even when the question's other words are not, intents and audiences raise the pages that
 * serve them, a word inside another word finds nothing, and an empty page says why and where to go.
 */
const t = useTestApp();

let agent: Agent;
beforeEach(async () => {
  ({ agent } = await signedIn(t));
  await loadCorpus(t.db);
});

interface Page {
  data: { external_id: string; title: string; snippet: string }[];
  meta: { total: number; next_cursor: string | null; mapping: { name: string }[]; nothing_found?: unknown };
}

const search = async (q: string, extra: Record<string, string> = {}): Promise<Page> => {
  const res = await agent.get(`/api/search?${new URLSearchParams({ q, ...extra })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const top = async (q: string, n = 3) => (await search(q)).data.slice(0, n).map((hit) => hit.external_id);

describe('questions as people ask them', () => {
  it('finds the page for a question whose other words no page holds, first', async () => {
    const cramps = await search('what helps period cramps');
    expect(cramps.meta.mapping.map((m) => m.name)).toContain('Dysmenorrhea');
    expect(cramps.data[0]?.external_id).toBe('curated-period-pain');
    expect(await top('sore throat that wont go away')).toContain('curated-sore-throat');
    expect(await top('do statins cause memory loss')).toContain('curated-statins-what-to-know');
  });

  it('raises the page that serves the intent: warning signs for "symptoms"', async () => {
    expect((await top('heart attack symptoms', 1))[0]).toBe('curated-heart-attack-warning-signs');
    expect(await top('what to expect at a colonoscopy', 1)).toEqual(['curated-colonoscopy-what-to-expect']);
  });

  it('raises the page written for the audience named: children for "my toddler"', async () => {
    expect((await top('my toddler has a high temperature', 1))[0]).toBe('curated-fever-children');
    expect((await top('diabetes when pregnant', 1))[0]).toBe('curated-gestational-diabetes');
  });

  it('reaches descriptors through everyday body words', async () => {
    expect(await top('stinging when i wee')).toContain('curated-uti-women');
    expect(await top('leaking when i cough')).toContain('curated-urinary-incontinence');
    expect(await top('heart skipping beats')).toContain('curated-palpitations-when-to-worry');
  });

  it('pages a question like any search: no hit twice, the same order', async () => {
    const first = await search('what are the symptoms of pain');
    expect(first.data).toHaveLength(20);
    expect(first.meta.total).toBeGreaterThan(20);
    const second = await search('what are the symptoms of pain', { cursor: first.meta.next_cursor! });
    const ids = [...first.data, ...second.data].map((hit) => hit.external_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never finds a page for a word that is only inside another: "burning" is not "sunburn"', async () => {
    const page = await search('burning');
    for (const hit of page.data) expect(`${hit.title} ${hit.snippet}`).toMatch(/\bburn/i);
    const sunburn = await search('sunburn');
    expect(sunburn.data[0]?.external_id).toBe('curated-sunburn-sun-safety');
  });
});

describe('an empty page that helps', () => {
  it('says which words found nothing and offers the nearest topic that has pages', async () => {
    const page = await search('cardiomyo');
    expect(page.data).toEqual([]);
    expect(page.meta.nothing_found).toEqual({ words: ['cardiomyo'], nearest_topic: { ui: 'D009202', name: 'Cardiomyopathies' } });
    expect((await search('Cardiomyopathies')).data[0]?.external_id).toBe('curated-cardiomyopathy');
  });

  it('says so plainly when nothing is near', async () => {
    const page = await search('xyzzy plugh');
    expect(page.data).toEqual([]);
    expect(page.meta.nothing_found).toEqual({ words: ['xyzzy', 'plugh'], nearest_topic: null });
  });

  it('answers the rest of a question when one part finds nothing, and says which', async () => {
    const page = await search('asthma xyzzy');
    expect(page.data[0]?.external_id).toMatch(/asthma/);
    expect(page.meta.nothing_found).toEqual({ words: ['xyzzy'], nearest_topic: null });
  });
});
