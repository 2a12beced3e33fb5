import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Db } from '../db/client';
import { articlesRepository, type ArticleInput } from '../plugins/app/corpus/articles-repository';

/** The demo corpus shipped with the app: real MeSH descriptors, and articles we wrote ourselves. */
export const CORPUS_DIR = path.join(import.meta.dirname, 'corpus');

const BATCH = 500;

const descriptorSchema = z.object({
  ui: z.string().regex(/^D\d{6,9}$/),
  name: z.string().min(1),
  tree_numbers: z.array(z.string().min(1)),
  entry_terms: z.array(z.string().min(1)),
  scope_note: z.string(),
});

const articleSchema = z.object({
  external_id: z.string().min(1),
  title: z.string().min(1),
  summary: z.string(),
  published_at: z.iso.date().nullable(),
  publication_types: z.array(z.string().min(1)),
  mesh: z.array(z.object({ ui: z.string().min(1), major: z.boolean() })),
  url: z.url().nullable(),
});

export const corpusSchema = {
  descriptors: z.array(descriptorSchema),
  articles: z.array(articleSchema),
};

/** The demo vocabulary's descriptors, validated (the full vocabulary lays their scope notes over its own). */
export async function readDemoDescriptors(dir: string = CORPUS_DIR) {
  const file = path.join(dir, 'mesh-descriptors.json');
  return validate(corpusSchema.descriptors, (await readJson(file)) ?? [], file);
}

export interface CorpusLoadResult {
  descriptors: number;
  articles: number;
  /** Article links to descriptors missing from mesh-descriptors.json (dropped; the corpus test catches them). */
  skippedLinks: number;
}

/** A file's JSON, or null when it is missing or empty (the corpus is optional). */
async function readJson(file: string): Promise<unknown[] | null> {
  if (!existsSync(file)) return null;
  const text = (await readFile(file, 'utf8')).trim();
  if (!text) return null;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) && parsed.length === 0 ? null : (parsed as unknown[]);
}

function validate<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new Error(`${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

/**
 * Upserts mesh-descriptors.json, then articles.json (source `curated`), in one transaction.
 * Upserting makes it safe to run again: nothing changes unless the files did. Missing or empty
 * files are not an error: nothing is loaded and the result is null. With `descriptors: false` the
 * vocabulary is left as it is (the full MeSH vocabulary already holds the demo descriptors).
 */
export async function loadCorpus(
  db: Db,
  dir: string = CORPUS_DIR,
  options: { descriptors?: boolean } = {},
): Promise<CorpusLoadResult | null> {
  const descriptorsFile = path.join(dir, 'mesh-descriptors.json');
  const articlesFile = path.join(dir, 'articles.json');
  const rawDescriptors = await readJson(descriptorsFile);
  const rawArticles = await readJson(articlesFile);
  if (!rawDescriptors && !rawArticles) return null;
  const descriptors = options.descriptors === false ? [] : validate(corpusSchema.descriptors, rawDescriptors ?? [], descriptorsFile);
  const list = validate(corpusSchema.articles, rawArticles ?? [], articlesFile);

  let skippedLinks = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < descriptors.length; i += BATCH) {
      await articlesRepository.upsertDescriptors(
        tx,
        descriptors.slice(i, i + BATCH).map((d) => ({
          ui: d.ui,
          name: d.name,
          treeNumbers: d.tree_numbers,
          entryTerms: d.entry_terms,
          scopeNote: d.scope_note,
        })),
      );
    }
    for (let i = 0; i < list.length; i += BATCH) {
      const counts = await articlesRepository.upsertArticles(
        tx,
        list.slice(i, i + BATCH).map((a): ArticleInput => ({
          source: 'curated',
          externalId: a.external_id,
          title: a.title,
          summary: a.summary,
          authors: [],
          journal: null,
          publishedAt: a.published_at,
          url: a.url,
          publicationTypes: a.publication_types,
          mesh: a.mesh,
        })),
      );
      skippedLinks += counts.skippedLinks;
    }
  });
  return { descriptors: descriptors.length, articles: list.length, skippedLinks };
}
