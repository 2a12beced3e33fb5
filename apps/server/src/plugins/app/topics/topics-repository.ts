import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { articleMesh, meshDescriptors, meshLayTerms, topicFollows } from '../../../db/schema/index';

/** What decides whether a descriptor a discussion maps to is one of its topics. */
export interface DescriptorFacts {
  ui: string;
  name: string;
  treeNumbers: string[];
  entryTerms: string[];
}

/** Topic follows and the descriptor look-ups a discussion's topics need. */
export const topicsRepository = {
  /** Those of these UIs that are descriptors we have, with their MeSH names, in the order asked. */
  async existing(db: DbOrTx, uis: readonly string[]): Promise<{ ui: string; name: string }[]> {
    if (uis.length === 0) return [];
    const rows = await db
      .select({ ui: meshDescriptors.ui, name: meshDescriptors.name })
      .from(meshDescriptors)
      .where(inArray(meshDescriptors.ui, [...uis]));
    const byUi = new Map(rows.map((r) => [r.ui, r]));
    return uis.flatMap((ui) => byUi.get(ui) ?? []);
  },

  /** Descriptors' names, tree numbers and entry terms, by UI: what decides whether a match is a health subject. */
  async descriptorFacts(db: DbOrTx, uis: readonly string[]): Promise<Map<string, DescriptorFacts>> {
    if (uis.length === 0) return new Map();
    const rows = await db
      .select({
        ui: meshDescriptors.ui,
        name: meshDescriptors.name,
        treeNumbers: meshDescriptors.treeNumbers,
        entryTerms: meshDescriptors.entryTerms,
      })
      .from(meshDescriptors)
      .where(inArray(meshDescriptors.ui, [...uis]));
    return new Map(rows.map((row) => [row.ui, row]));
  },

  /** The descriptor's everyday names from the reviewed lay vocabulary (not its abbreviations or misspellings). */
  async everydayNames(db: DbOrTx, ui: string): Promise<string[]> {
    const rows = await db
      .select({ term: meshLayTerms.term })
      .from(meshLayTerms)
      .where(and(eq(meshLayTerms.descriptorUi, ui), eq(meshLayTerms.kind, 'lay')))
      .orderBy(meshLayTerms.term);
    return rows.map((row) => row.term);
  },

  /** An article's major topics (PubMed's asterisk), in the article's order. */
  async majorTopicsOf(db: DbOrTx, articleId: string): Promise<string[]> {
    const rows = await db
      .select({ ui: articleMesh.descriptorUi })
      .from(articleMesh)
      .where(and(eq(articleMesh.articleId, articleId), eq(articleMesh.major, true)))
      .orderBy(articleMesh.position, articleMesh.descriptorUi);
    return rows.map((r) => r.ui);
  },

  async followState(db: DbOrTx, userId: number, ui: string): Promise<{ followed: boolean; followersCount: number }> {
    const [row] = await db
      .select({
        followers: count(),
        followed: sql<boolean>`coalesce(bool_or(${topicFollows.userId} = ${userId}), false)`,
      })
      .from(topicFollows)
      .where(eq(topicFollows.descriptorUi, ui));
    return { followed: Boolean(row?.followed), followersCount: row?.followers ?? 0 };
  },

  async follow(db: DbOrTx, userId: number, ui: string): Promise<void> {
    await db.insert(topicFollows).values({ userId, descriptorUi: ui }).onConflictDoNothing();
  },

  async unfollow(db: DbOrTx, userId: number, ui: string): Promise<void> {
    await db.delete(topicFollows).where(and(eq(topicFollows.userId, userId), eq(topicFollows.descriptorUi, ui)));
  },
};
