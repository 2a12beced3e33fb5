import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { articleMesh, articles, meshDescriptors, type ArticleSource } from '../../../db/schema/index';
import { refreshSearchVectors } from '../search/search-vectors';
import { vocabularyRepository } from '../search/vocabulary-repository';

export interface DescriptorInput {
  ui: string;
  name: string;
  treeNumbers: string[];
  entryTerms: string[];
  scopeNote: string;
}

export interface ArticleInput {
  source: ArticleSource;
  externalId: string;
  title: string;
  summary: string;
  authors: string[];
  journal: string | null;
  /** YYYY-MM-DD; partial dates are completed with the first month or day. */
  publishedAt: string | null;
  url: string | null;
  publicationTypes: string[];
  mesh: { ui: string; major: boolean }[];
  /** The source marks it retracted: it gets flagged (once; an import never clears the flag). */
  retracted?: boolean;
}

/** What a batch did, for the import summary. */
export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** MeSH links to descriptors that are not in the database (an article import before the MeSH import). */
  skippedLinks: number;
  /** Articles flagged retracted by this batch (new ones included), not those flagged before. */
  retracted: number;
}

const emptyCounts = (): UpsertCounts => ({ inserted: 0, updated: 0, unchanged: 0, skippedLinks: 0, retracted: 0 });

/** Rows per statement for link tables: stays far below PostgreSQL's 65,535 parameters. */
const LINK_CHUNK = 2_000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The last record wins when one batch holds the same key twice (ON CONFLICT cannot touch a row twice). */
function lastByKey<T>(items: T[], key: (item: T) => string): T[] {
  return [...new Map(items.map((item) => [key(item), item])).values()];
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export const articlesRepository = {
  /**
   * Inserts new descriptors and updates changed ones (by UI); identical ones are left alone, so a
   * second import writes nothing. Changed descriptors get their vocabulary rows (terms, words, tree
   * numbers: what suggestions, "did you mean" and term mapping look up) rewritten. Articles tagged with a changed descriptor get their search vector
   * refreshed, since the descriptor's name and entry terms are part of it.
   */
  async upsertDescriptors(db: DbOrTx, input: DescriptorInput[]): Promise<UpsertCounts> {
    const counts = emptyCounts();
    const batch = lastByKey(input, (d) => d.ui);
    if (batch.length === 0) return counts;
    const existing = new Map(
      (
        await db
          .select()
          .from(meshDescriptors)
          .where(
            inArray(
              meshDescriptors.ui,
              batch.map((d) => d.ui),
            ),
          )
      ).map((row) => [row.ui, row]),
    );
    const changed = batch.filter((d) => {
      const old = existing.get(d.ui);
      if (!old) {
        counts.inserted++;
        return true;
      }
      const same =
        old.name === d.name &&
        old.scopeNote === d.scopeNote &&
        sameList(old.treeNumbers, d.treeNumbers) &&
        sameList(old.entryTerms, d.entryTerms);
      if (same) counts.unchanged++;
      else counts.updated++;
      return !same;
    });
    if (changed.length === 0) return counts;
    await db
      .insert(meshDescriptors)
      .values(changed)
      .onConflictDoUpdate({
        target: meshDescriptors.ui,
        set: {
          name: sql`excluded.name`,
          treeNumbers: sql`excluded.tree_numbers`,
          scopeNote: sql`excluded.scope_note`,
          entryTerms: sql`excluded.entry_terms`,
          updatedAt: sql`now()`,
        },
      });
    await vocabularyRepository.refresh(
      db,
      changed.map((d) => d.ui),
    );
    const updatedUis = changed.filter((d) => existing.has(d.ui)).map((d) => d.ui);
    if (updatedUis.length > 0) {
      const tagged = await db
        .selectDistinct({ id: articleMesh.articleId })
        .from(articleMesh)
        .where(inArray(articleMesh.descriptorUi, updatedUis));
      await refreshSearchVectors(
        db,
        tagged.map((r) => r.id),
      );
    }
    return counts;
  },

  /**
   * Inserts new articles and updates changed ones, keyed by (source, external id). A changed
   * article's MeSH links are replaced by the new list; links to unknown descriptors are dropped and
   * counted. Identical articles (fields and links) are not written at all. Search vectors are
   * refreshed for everything written.
   */
  async upsertArticles(db: DbOrTx, input: ArticleInput[]): Promise<UpsertCounts> {
    const counts = emptyCounts();
    const batch = lastByKey(input, (a) => `${a.source}\u0000${a.externalId}`);
    if (batch.length === 0) return counts;

    const wantedUis = [...new Set(batch.flatMap((a) => a.mesh.map((m) => m.ui)))];
    const knownUis = new Set(
      wantedUis.length === 0
        ? []
        : (await db.select({ ui: meshDescriptors.ui }).from(meshDescriptors).where(inArray(meshDescriptors.ui, wantedUis))).map(
            (r) => r.ui,
          ),
    );
    const links = new Map(
      batch.map((a) => {
        const seen = new Set<string>();
        const kept = a.mesh.filter((m) => {
          if (!knownUis.has(m.ui)) {
            counts.skippedLinks++;
            return false;
          }
          if (seen.has(m.ui)) return false;
          seen.add(m.ui);
          return true;
        });
        return [a, kept.map((m, position) => ({ descriptorUi: m.ui, major: m.major, position }))];
      }),
    );

    const existing = new Map<string, { row: typeof articles.$inferSelect; links: string }>();
    for (const source of new Set(batch.map((a) => a.source))) {
      const group = batch.filter((a) => a.source === source);
      const rows = await db
        .select()
        .from(articles)
        .where(
          and(
            eq(articles.source, source),
            inArray(
              articles.externalId,
              group.map((a) => a.externalId),
            ),
          ),
        );
      const oldLinks =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(articleMesh)
              .where(
                inArray(
                  articleMesh.articleId,
                  rows.map((r) => r.id),
                ),
              );
      for (const row of rows) {
        const mine = oldLinks
          .filter((l) => l.articleId === row.id)
          .sort((x, y) => x.position - y.position)
          .map((l) => ({ descriptorUi: l.descriptorUi, major: l.major, position: l.position }));
        existing.set(`${source}\u0000${row.externalId}`, { row, links: JSON.stringify(mine) });
      }
    }

    const changed = batch.filter((a) => {
      const old = existing.get(`${a.source}\u0000${a.externalId}`);
      if (a.retracted && !old?.row.retractedAt) counts.retracted++;
      if (!old) {
        counts.inserted++;
        return true;
      }
      const r = old.row;
      const same =
        (!a.retracted || r.retractedAt !== null) &&
        r.title === a.title &&
        r.summary === a.summary &&
        r.journal === a.journal &&
        r.publishedAt === a.publishedAt &&
        r.url === a.url &&
        sameList(r.authors, a.authors) &&
        sameList(r.publicationTypes, a.publicationTypes) &&
        old.links === JSON.stringify(links.get(a));
      if (same) counts.unchanged++;
      else counts.updated++;
      return !same;
    });
    if (changed.length === 0) return counts;

    const written = await db
      .insert(articles)
      .values(changed.map(({ mesh: _mesh, retracted, ...fields }) => ({ ...fields, retractedAt: retracted ? new Date() : null })))
      .onConflictDoUpdate({
        target: [articles.source, articles.externalId],
        set: {
          title: sql`excluded.title`,
          summary: sql`excluded.summary`,
          authors: sql`excluded.authors`,
          journal: sql`excluded.journal`,
          publishedAt: sql`excluded.published_at`,
          url: sql`excluded.url`,
          publicationTypes: sql`excluded.publication_types`,
          retractedAt: sql`coalesce(${articles.retractedAt}, excluded.retracted_at)`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: articles.id, source: articles.source, externalId: articles.externalId });
    const idByKey = new Map(written.map((w) => [`${w.source}\u0000${w.externalId}`, w.id]));
    const ids = written.map((w) => w.id);

    await db.delete(articleMesh).where(inArray(articleMesh.articleId, ids));
    const newLinks = changed.flatMap((a) =>
      links.get(a)!.map((l) => ({ ...l, articleId: idByKey.get(`${a.source}\u0000${a.externalId}`)! })),
    );
    for (const part of chunks(newLinks, LINK_CHUNK)) await db.insert(articleMesh).values(part);
    await refreshSearchVectors(db, ids);
    return counts;
  },

  /**
   * Flags the PubMed articles of these PMIDs retracted (a retraction notice, or PubMed's list of
   * retracted publications, names them); PMIDs outside the corpus are ignored. Returns how many were
   * newly flagged.
   */
  async flagRetracted(db: DbOrTx, pmids: string[]): Promise<number> {
    if (pmids.length === 0) return 0;
    const flagged = await db
      .update(articles)
      .set({ retractedAt: sql`now()` })
      .where(and(eq(articles.source, 'pubmed'), inArray(articles.externalId, [...new Set(pmids)]), isNull(articles.retractedAt)))
      .returning({ id: articles.id });
    return flagged.length;
  },

  /** The articles of a source whose external ids are not in `published`: what its upstream no longer publishes. */
  async unpublished(db: DbOrTx, source: ArticleSource, published: Set<string>): Promise<{ id: string; externalId: string }[]> {
    const current = await db.select({ id: articles.id, externalId: articles.externalId }).from(articles).where(eq(articles.source, source));
    return current.filter((row) => !published.has(row.externalId));
  },

  /** Takes articles out of the corpus. Their citations go with them; the texts that cited them keep their links. */
  async remove(db: DbOrTx, ids: string[]): Promise<void> {
    for (const part of chunks(ids, LINK_CHUNK)) await db.delete(articles).where(inArray(articles.id, part));
  },
};
