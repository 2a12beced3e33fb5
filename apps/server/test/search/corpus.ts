import { articleMesh, articles, meshDescriptors } from '../../src/db/schema/index';
import { refreshSearchVectors } from '../../src/plugins/app/search/search-vectors';
import { vocabularyRepository } from '../../src/plugins/app/search/vocabulary-repository';
import { beforeEach, expect } from 'vitest';
import type { Agent } from '../support/agent';
import type { TestContext } from '../support/test-app';
import { signedIn } from '../community/people';

/** A small real slice of MeSH (real UIs and tree numbers): enough for mapping, expansion and the tree. */
export const DESCRIPTORS = [
  { ui: 'D017202', name: 'Myocardial Ischemia', treeNumbers: ['C14.280.647', 'C14.907.585'], entryTerms: ['Ischemia, Myocardial'] },
  {
    ui: 'D009203',
    name: 'Myocardial Infarction',
    treeNumbers: ['C14.280.647.500', 'C14.907.585.500'],
    entryTerms: ['Heart Attack', 'Heart Attacks', 'Infarction, Myocardial', 'Myocardial Infarct'],
    scopeNote: 'Death of part of the heart muscle when its blood supply is blocked.',
  },
  {
    ui: 'D056988',
    name: 'Anterior Wall Myocardial Infarction',
    treeNumbers: ['C14.280.647.500.093', 'C14.907.585.500.093'],
    entryTerms: ['Anterior Myocardial Infarction'],
  },
  { ui: 'D006321', name: 'Heart', treeNumbers: ['A07.541'], entryTerms: ['Hearts'] },
  { ui: 'D001249', name: 'Asthma', treeNumbers: ['C08.127.108', 'C08.381.495.108'], entryTerms: ['Asthmas', 'Bronchial Asthma'] },
  { ui: 'D001241', name: 'Aspirin', treeNumbers: ['D02.455.426.559.389.657.109'], entryTerms: ['Acetylsalicylic Acid'] },
];

export interface ArticleFixture {
  /** A chosen id puts the article in a chosen search sample (its last byte); random otherwise. */
  id?: string;
  title: string;
  summary?: string;
  source?: 'pubmed' | 'medlineplus' | 'curated';
  publishedAt?: string;
  publicationTypes?: string[];
  mesh?: { ui: string; major?: boolean }[];
}

export async function insertDescriptors(t: TestContext) {
  await t.db.insert(meshDescriptors).values(DESCRIPTORS);
  await vocabularyRepository.refresh(
    t.db,
    DESCRIPTORS.map((d) => d.ui),
  );
}

/** Articles written straight into the tables, then given their search vectors the way importers do. */
export async function insertArticles(t: TestContext, fixtures: ArticleFixture[]): Promise<string[]> {
  const rows = await t.db
    .insert(articles)
    .values(
      fixtures.map((f, i) => ({
        ...(f.id ? { id: f.id } : {}),
        source: f.source ?? 'curated',
        externalId: `fixture-${i}-${Math.random().toString(36).slice(2)}`,
        title: f.title,
        summary: f.summary ?? '',
        publishedAt: f.publishedAt ?? null,
        publicationTypes: f.publicationTypes ?? [],
      })),
    )
    .returning({ id: articles.id });
  const ids = rows.map((r) => r.id);
  const links = fixtures.flatMap((f, i) =>
    (f.mesh ?? []).map((m, position) => ({ articleId: ids[i]!, descriptorUi: m.ui, major: m.major ?? false, position })),
  );
  if (links.length) await t.db.insert(articleMesh).values(links);
  await refreshSearchVectors(t.db, ids);
  return ids;
}

/**
 * A person signed in before each test, with the descriptors in place, and `search` asking
 * `GET /api/search` as them (expecting 200).
 */
export function searchAsSignedIn(t: TestContext) {
  let agent: Agent;
  beforeEach(async () => {
    ({ agent } = await signedIn(t));
    await insertDescriptors(t);
  });
  return {
    agent: () => agent,
    search: async (params: Record<string, string>) => {
      const res = await agent.get(`/api/search?${new URLSearchParams(params)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
  };
}
