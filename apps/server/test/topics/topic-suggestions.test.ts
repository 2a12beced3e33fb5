import { beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../community/people';
import { opened } from '../discussions/support';
import { useTestApp } from '../support/test-app';
import { ASTHMA, CLUSTER_HEADACHE, MIGRAINE, TENSION_HEADACHE, TOPIC_FIXTURE, withDescriptors, withFullMeshDescriptors } from './support';

/** Real MeSH 2024 descriptors the demo vocabulary leaves out: the noise a casual sentence maps to. */
const LUNCH = 'D062409';
const WORK = 'D014937';
const HEALTH_SERVICES_NEEDS = 'D006301';
const EYE = 'D005123';
const TIPS_SHUNT = 'D019168';
const FEVER = 'D005334';
const PHARYNGITIS = 'D010612';
const MYOCARDIAL_INFARCTION = 'D009203';

/** Issue 30, part 4: automatic topics people recognise, and a topic page's names as people say them. */
const t = useTestApp();
beforeEach(async () => {
  await withDescriptors(t, TOPIC_FIXTURE);
  await withFullMeshDescriptors(t, [
    MIGRAINE,
    LUNCH,
    WORK,
    HEALTH_SERVICES_NEEDS,
    EYE,
    TIPS_SHUNT,
    FEVER,
    PHARYNGITIS,
    MYOCARDIAL_INFARCTION,
  ]);
});

const topicsOf = (discussion: unknown) => (discussion as { mesh_terms: { ui: string }[] }).mesh_terms.map((m) => m.ui);

describe("a new discussion's automatic topics", () => {
  it('are none for a question about everyday life, rather than its lunch, work and eyes', async () => {
    const { agent } = await signedIn(t);
    const d = await opened(agent, {
      title: 'Does anyone else feel sleepy after lunch?',
      body: 'Every day around 2pm I can barely keep my eyes open at work. Do you need a nap too?',
    });
    expect(topicsOf(d)).toEqual([]);
  });

  it('are the three surest health subjects at most, in the order written', async () => {
    const { agent } = await signedIn(t);
    const d = await opened(agent, {
      title: 'Migraine and asthma',
      body: 'Is it a tension headache or a cluster headache? My work is suffering.',
    });
    expect(topicsOf(d)).toEqual([MIGRAINE, TENSION_HEADACHE, CLUSTER_HEADACHE]);
    expect(topicsOf(d)).not.toContain(ASTHMA);
  });

  it('leave out what the writer says they do not have, and an acronym typed as a word', async () => {
    const { agent } = await signedIn(t);
    const d = await opened(agent, {
      title: 'Sore throat that won’t go away',
      body: 'Three weeks now, no fever, but it hurts to swallow. Any tips?',
    });
    expect(topicsOf(d)).toEqual([PHARYNGITIS]);
  });
});

describe("a topic page's names", () => {
  it('are in natural word order, each once, about ten, with the everyday name as its heading', async () => {
    const { agent } = await signedIn(t);
    const migraine = (await agent.get(`/api/topics/${MIGRAINE}`)).json().data;
    expect(migraine.lay_name).toBe('Migraine');
    expect(migraine.synonyms.length).toBeGreaterThan(3);
    expect(migraine.synonyms.length).toBeLessThanOrEqual(10);
    expect(migraine.synonyms[0]).toBe('Migraine Headache');
    for (const name of migraine.synonyms as string[]) expect(name).not.toContain(',');
    expect(migraine.synonyms).not.toContain('Migraine Headaches');
    expect(migraine.synonyms).not.toContain('Migraine Disorder');

    const heartAttack = (await agent.get(`/api/topics/${MYOCARDIAL_INFARCTION}`)).json().data;
    expect(heartAttack).toMatchObject({ name: 'Myocardial Infarction', lay_name: 'Heart Attack' });
    expect(heartAttack.synonyms).not.toContain('Heart Attacks');
  });
});
