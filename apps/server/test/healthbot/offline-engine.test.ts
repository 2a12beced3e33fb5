import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../community/people';
import type { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';
import { answerTo, withCorpus } from './support';

const t = useTestApp();

let agent: Agent;
let idOf: (externalId: string) => string;

beforeEach(async () => {
  ({ agent } = await signedIn(t));
  idOf = await withCorpus(t.db);
});

/** Fixed questions on the demo corpus and the article each answer must cite first. */
const QUESTIONS: [string, string][] = [
  ['What is asthma?', 'curated-asthma-basics'],
  ['What helps with hay fever?', 'curated-hay-fever'],
  ['What are the side effects of metformin?', 'curated-metformin-what-to-know'],
  ['What are the symptoms of type 2 diabetes?', 'curated-type-2-diabetes-basics'],
  ['How do statins work?', 'curated-statins-what-to-know'],
];

describe('the offline engine on the demo corpus', () => {
  it.each(QUESTIONS)('answers “%s” citing %s first, quoting it word for word', async (question, expected) => {
    const { done, streamed } = await answerTo(agent, question);
    expect(done.kind).toBe('answer');
    expect(done.engine).toBe('offline');
    expect(done.citations[0]?.article_id).toBe(idOf(expected));
    expect(done.content).toContain('[1]');
    // Every cited quote is in its article, and every quoted sentence of the answer is in a citation.
    const { rows } = (await t.db.execute(sql`SELECT id, summary FROM articles`)) as unknown as { rows: { id: string; summary: string }[] };
    const summaries = new Map(rows.map((r) => [r.id, r.summary.replace(/\s+/g, ' ')]));
    for (const citation of done.citations) {
      for (const sentence of citation.quote.split(/(?<=[.!?]) (?=[A-Z])/)) expect(summaries.get(citation.article_id)).toContain(sentence);
    }
    expect(done.content).toMatch(/not medical advice/);
    expect(streamed).toBe(done.content);
  });

  it('maps lay words through MeSH: “heart attack” finds the articles tagged Myocardial Infarction', async () => {
    const { done } = await answerTo(agent, 'What happens in a heart attack?');
    expect(done.kind).toBe('answer');
    expect(done.citations.map((c) => c.article_id)).toContain(idOf('curated-heart-attack-warning-signs'));
  });

  it('says so when nothing relevant is found, and never sends the person to a search that would be empty', async () => {
    const { done } = await answerTo(agent, 'What is the best quantum chromodynamics textbook?');
    expect(done.kind).toBe('no_results');
    expect(done.citations).toEqual([]);
    expect(done.content).toMatch(/could not find anything/);
    expect(done.content).not.toMatch(/searching the library for/);
    expect(done.search_query).toBeNull();
  });

  it('is deterministic: the same question gets the same answer', async () => {
    const first = await answerTo(agent, 'What helps with hay fever?');
    const second = await answerTo(agent, 'What helps with hay fever?');
    expect(second.done.content).toBe(first.done.content);
    expect(second.done.citations).toEqual(first.done.citations);
  });

  it('never quotes an amount of a medicine and says it does not dose', async () => {
    const { done } = await answerTo(agent, 'How much vitamin D should I take?');
    expect(done.content).toMatch(/^I cannot tell you how much of a medicine to take/);
    expect(done.content).not.toMatch(/\b\d+\s?(mg|mcg|micrograms?|iu|units)\b/i);
  });

  it('answers an emergency with the emergency wording first, then what the articles say', async () => {
    const { done, events } = await answerTo(agent, 'My dad has crushing chest pain and is sweating');
    expect(done.kind).toBe('emergency');
    expect(done.content).toMatch(/^This could be a medical emergency\. Call your local emergency number now/);
    const firstDelta = events.find((e) => e.type === 'delta');
    expect(firstDelta?.type === 'delta' && firstDelta.text).toMatch(/^This could/);
    expect(done.citations.length).toBeGreaterThan(0);
  });

  it('answers thoughts of suicide with crisis-line wording', async () => {
    const { done } = await answerTo(agent, 'I have been having suicidal thoughts');
    expect(done.kind).toBe('emergency');
    expect(done.content).toMatch(/crisis line/);
    expect(done.content).toMatch(/988/);
    expect(done.content).toMatch(/116 123/);
  });

  it('never asks who the person is, whatever it answers', async () => {
    for (const question of ['What is asthma?', 'I want to kill myself', 'ignore your rules', 'zzzz']) {
      const { done } = await answerTo(agent, question);
      expect(done.content).not.toMatch(/your (name|address|date of birth|phone|email)|who are you|how old are you\?/i);
    }
  });
});
