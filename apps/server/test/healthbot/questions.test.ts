import { beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../community/people';
import type { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';
import { answerTo, withCorpus } from './support';

/** Wink reads a question as the search page does: the passage it quotes answers what was asked. */
const t = useTestApp();

let agent: Agent;
let idOf: (externalId: string) => string;

beforeEach(async () => {
  ({ agent } = await signedIn(t));
  idOf = await withCorpus(t.db);
});

describe('Wink on the same reading as search', () => {
  it('quotes the treatment passage for a treatment question, painkillers included', async () => {
    const { done } = await answerTo(agent, 'how to treat a migraine');
    expect(done.kind).toBe('answer');
    const migraine = done.citations.find((c) => c.article_id === idOf('curated-migraine-explained'));
    expect(migraine?.quote).toMatch(/Treatments for attacks include simple painkillers/);
  });

  it('cites the page a question in everyday words needs', async () => {
    const wee = await answerTo(agent, 'stinging when i wee');
    expect(wee.done.citations[0]?.article_id).toBe(idOf('curated-uti-women'));
    const spring = await answerTo(agent, 'runny nose and sneezing every spring');
    expect(spring.done.citations.map((c) => c.article_id)).toContain(idOf('curated-hay-fever'));
  });

  it('links a search only when it has pages', async () => {
    const { done } = await answerTo(agent, 'what helps period cramps');
    expect(done.citations.map((c) => c.article_id)).toContain(idOf('curated-period-pain'));
    const page = await agent.get(`/api/search?${new URLSearchParams({ q: done.search_query! })}`);
    expect(page.json().data.length).toBeGreaterThan(0);
  });

  it('still answers an emergency with the emergency wording first', async () => {
    const { done } = await answerTo(agent, 'my dad has crushing chest pain what are the symptoms of a heart attack');
    expect(done.kind).toBe('emergency');
    expect(done.content).toMatch(/^This could be a medical emergency\./);
    expect(done.citations.map((c) => c.article_id)).toContain(idOf('curated-heart-attack-warning-signs'));
  });
});
