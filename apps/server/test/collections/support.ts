import { expect } from 'vitest';
import { articles, collectionItems } from '../../src/db/schema/index';
import type { Agent } from '../support/agent';
import type { TestContext } from '../support/test-app';

export interface ArticleOverrides {
  source?: 'pubmed' | 'medlineplus' | 'curated';
  title?: string;
  authors?: string[];
  journal?: string | null;
  publishedAt?: string | null;
  url?: string | null;
}

/** `count` articles straight into the table (titles numbered from 1), ids in insertion order. */
export async function someArticles(t: TestContext, count: number, overrides: ArticleOverrides = {}): Promise<string[]> {
  const rows = await t.db
    .insert(articles)
    .values(
      Array.from({ length: count }, (_, i) => ({
        source: overrides.source ?? ('pubmed' as const),
        externalId: `${Math.floor(Math.random() * 1e9)}-${i}`,
        title: overrides.title ?? `Article number ${i + 1}`,
        authors: overrides.authors ?? ['Smith JA', 'Nguyen T'],
        journal: overrides.journal === undefined ? 'The Lancet' : overrides.journal,
        publishedAt: overrides.publishedAt === undefined ? '2021-03-04' : overrides.publishedAt,
        url: overrides.url === undefined ? `https://pubmed.ncbi.nlm.nih.gov/${i + 1}/` : overrides.url,
        publicationTypes: ['Journal Article'],
      })),
    )
    .returning({ id: articles.id });
  return rows.map((r) => r.id);
}

export interface CollectionBody {
  id: string;
  name: string;
  description: string;
  is_draft: boolean;
  items_count: number;
  share_hash: string | null;
  saved_from: string | null;
  updated_at: string;
  items: { id: string; note: string | null; position: number; article: { id: string; title: string } }[];
}

/** Creates a named collection through the API (fails the test on anything but 201). */
export async function created(agent: Agent, name = 'Heart health', description?: string): Promise<CollectionBody> {
  const res = await agent.post('/api/collections', { name, ...(description !== undefined && { description }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Adds articles one after another (fails the test on anything but 201) and returns the item ids. */
export async function added(agent: Agent, collectionId: string, articleIds: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const articleId of articleIds) {
    const res = await agent.post(`/api/collections/${collectionId}/items`, { article_id: articleId });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().data.id);
  }
  return ids;
}

export async function shown(agent: Agent, collectionId: string): Promise<CollectionBody> {
  const res = await agent.get(`/api/collections/${collectionId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The article titles of a collection, in the order it shows them. */
export const titles = (c: CollectionBody) => c.items.map((i) => i.article.title);

/** Items straight into the table at positions 0..n-1 (quicker than a hundred requests when only the limit matters). */
export async function filled(t: TestContext, collectionId: string, articleIds: string[]): Promise<void> {
  await t.db
    .insert(collectionItems)
    .values(articleIds.map((articleId, position) => ({ id: `f${position}x${collectionId}`, collectionId, articleId, position })));
}
