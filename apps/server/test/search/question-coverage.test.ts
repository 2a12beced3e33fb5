import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { articlesRepository } from '../../src/plugins/app/corpus/articles-repository';
import { nearQueries } from '../../src/plugins/app/search/question-repository';
import { readQuery } from '../../src/plugins/app/search/query-reading';
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
  D010292: 'Paresthesia',
  D006225: 'Hand',
  D006261: 'Headache',
  D012640: 'Seizures',
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
      {
        title: 'A severe allergic reaction',
        summary: 'Signs come on within minutes: swollen lips and difficulty breathing. Call for help.',
      },
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

describe('what a question is about', () => {
  it('reads a mapped phrase said as a sentence ("had a fit") as a question, a name ("heart attack") as a name', () => {
    expect(readQuery(['had', 'a', 'fit'], [true, true, true])).toMatchObject({ subject: ['had', 'a', 'fit'], question: true });
    expect(readQuery(['cant', 'breathe'], [true, true]).question).toBe(true);
    expect(readQuery(['heart', 'attack'], [true, true]).question).toBe(false);
  });

  it('finds the page about a fit for "had a fit" before pages whose text merely holds the word "fit"', async () => {
    await insertArticles(t, [
      { title: 'Exercise after sixty', summary: 'Had a fall? Staying fit helps: walking, swimming and strength exercises.' },
      { title: 'Seizure first aid: how to help', summary: 'Stay with the person and time it.', mesh: [{ ui: 'D012640', major: true }] },
    ]);
    expect((await titles('had a fit'))[0]).toBe('Seizure first aid: how to help');
  });

  it('takes a part of the body as where the complaint is: "pins and needles in my hands" finds the pins-and-needles page first', async () => {
    await insertArticles(t, [
      {
        title: 'Panic attacks',
        summary: 'A racing heart, sweating, and pins and needles in the hands and around the mouth.',
      },
      {
        title: 'Numbness and tingling (pins and needles)',
        summary: 'Usually harmless and brief, from pressure on a nerve.',
        mesh: [{ ui: 'D010292', major: true }],
      },
    ]);
    expect((await titles('pins and needles in my hands'))[0]).toBe('Numbness and tingling (pins and needles)');
  });

  it('puts the page written for the audience named first when it covers the complaint: "headache in pregnancy"', async () => {
    await insertArticles(t, [
      {
        title: 'Headaches: common types and what helps',
        summary: 'Most headaches are tension-type.',
        mesh: [{ ui: 'D006261', major: true }],
      },
      { title: 'Cluster headache', summary: 'Severe pain around one eye.', mesh: [{ ui: 'D006261', major: true }] },
      { title: 'Pregnancy warning signs: when to call', summary: 'Call your maternity team for a severe headache or blurred vision.' },
    ]);
    expect((await titles('headache in pregnancy'))[0]).toBe('Pregnancy warning signs: when to call');
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
