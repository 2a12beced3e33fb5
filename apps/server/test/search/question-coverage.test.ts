import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { articlesRepository } from '../../src/plugins/app/corpus/articles-repository';
import { nearQueries } from '../../src/plugins/app/search/question-repository';
import { readVocabularyFile } from '../../src/seed/mesh-vocabulary';
import type { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';
import { signedIn } from '../community/people';
import { insertArticles } from './corpus';

/**
 * How much of a question a page covers: a page names a concept when it says it in any of the
 * concept's words (its MeSH name, entry terms and everyday names), and words typed together count
 * only when the page has them together, in order (a few words apart at most).
 */
const t = useTestApp();

/** Real descriptors of the shipped MeSH 2024 (UI to name, checked below). */
const DESCRIPTORS: Record<string, string> = {
  D063373: 'Hand Hygiene',
  D000799: 'Angioedema',
  D004417: 'Dyspnea',
  D013894: 'Thirst',
  D059606: 'Polydipsia',
};

/** The shipped vocabulary, read once for the file. */
const vocabulary = readVocabularyFile();

let agent: Agent;
beforeEach(async () => {
  ({ agent } = await signedIn(t));
  const full = (await vocabulary).descriptors.filter((d) => d.ui in DESCRIPTORS);
  expect(Object.fromEntries(full.map((d) => [d.ui, d.name]))).toEqual(DESCRIPTORS);
  await articlesRepository.upsertDescriptors(
    t.db,
    full.map((d) => ({ ...d, scopeNote: '' })),
  );
});

interface Page {
  data: { title: string }[];
  meta: { mapping: { name: string; matched: string; lay?: { term: string } }[] };
}

const search = async (q: string): Promise<Page> => {
  const res = await agent.get(`/api/search?${new URLSearchParams({ q })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const titles = async (q: string) => (await search(q)).data.map((hit) => hit.title);

describe('a page covering the question', () => {
  it('names a concept in its title by an everyday name: "how to wash your hands properly" finds "Handwashing…" first', async () => {
    await insertArticles(t, [
      { title: 'Flu: symptoms and care', summary: 'Rest, drink fluids and wash your hands often so that others do not catch it.' },
      { title: 'Impetigo', summary: 'A skin infection that spreads by touch: wash your hands after touching the sores.' },
      { title: 'Handwashing and preventing infections', summary: 'Washing your hands with soap and water stops germs spreading.' },
    ]);
    expect((await search('how to wash your hands properly')).meta.mapping.map((m) => m.name)).toEqual(['Hand Hygiene']);
    expect((await titles('how to wash your hands properly'))[0]).toBe('Handwashing and preventing infections');
  });

  it('counts words typed together only where the page has them together: "swollen lips" is not "swollen fingertips … blue lips"', async () => {
    await insertArticles(t, [
      {
        title: 'Scarring of the lungs',
        summary: 'People become breathless over months; some have swollen fingertips and, later, blue lips.',
      },
      { title: 'A severe allergic reaction', summary: 'Signs come on within minutes: swollen lips and difficulty breathing. Call for help.' },
    ]);
    // "difficulty breathing" is an everyday name of Dyspnea: the second page says both halves of the question.
    expect(await titles('swollen lips and cant breathe')).toEqual(['A severe allergic reaction', 'Scarring of the lungs']);
  });

  it('reads "runny or blocked nose" as saying "runny nose", and a nose far from "runny" as not', async () => {
    const [runnyNose, lips] = await nearQueries(t.db, ['runny nose', 'swollen lips']);
    const says = async (text: string, query: string | null | undefined) => {
      const [row] = await rowsOf<{ ok: boolean }>(t.db, sql`SELECT to_tsvector('english', ${text}) @@ ${query}::tsquery AS ok`);
      return row!.ok;
    };
    expect(await says('sneezing and a runny or blocked nose', runnyNose)).toBe(true);
    expect(await says('a runny nose', runnyNose)).toBe(true);
    expect(await says('the nose is not runny', runnyNose)).toBe(false);
    expect(await says('runny eyes, a sore throat and, days later, a blocked nose', runnyNose)).toBe(false);
    expect(await says('lips that are swollen', lips)).toBe(false);
  });
});

describe('everyday words reaching their descriptor', () => {
  it('maps "thirsty" to Thirst and "excessive thirst" to Polydipsia', async () => {
    const thirsty = (await search('always very thirsty')).meta.mapping;
    expect(thirsty.map((m) => [m.name, m.matched, m.lay?.term])).toEqual([['Thirst', 'thirsty', 'thirsty']]);
    const excessive = (await search('excessive thirst')).meta.mapping;
    expect(excessive.map((m) => [m.name, m.lay?.term])).toEqual([['Polydipsia', 'excessive thirst']]);
  });
});
