/**
 * A synthetic article corpus for search benchmarks, built from the demo MeSH vocabulary.
 *
 *   import { loadSyntheticCorpus } from './lib/synthetic-corpus';
 *   const result = await loadSyntheticCorpus(db, { articles: 100_000 });
 *
 * `db` is the server's own Drizzle client (`openDatabase(...)`'s `db`, PGlite or PostgreSQL) with the
 * migrations applied. The demo descriptors (apps/server/src/seed/corpus/mesh-descriptors.json) are
 * upserted first, then N articles are generated inside the database with `generate_series` (no rows
 * cross the wire), in batches, in one transaction. Each article:
 *   - is tagged with 3 descriptors: one major topic drawn with a skew (some conditions are far more
 *     written about than others, as in PubMed) and two minor ones;
 *   - has a title and summary built from those descriptors' names and lay entry terms ("heart attack"
 *     for Myocardial Infarction) plus common health words, so words, phrases, lay terms and MeSH
 *     mapping hit realistic fractions of the corpus;
 *   - has source (pubmed 70%, medlineplus 20%, curated 10%), a publication type and a date (1990-2025);
 *   - gets its search vector and MeSH copies (mesh_uis, major_mesh_uis) the way the server builds them
 *     (refreshSearchVectors: title A, MeSH names + entry terms B, summary C), computed in the same
 *     statement instead of a second pass over the table.
 * External ids are `synthetic-<n>` and article ids are md5-derived (version-4 shaped) UUIDs, so the same N gives the same
 * corpus every time; loading again is a no-op (ON CONFLICT DO NOTHING). No URLs, authors or PubMed ids.
 * Load before the server serves from the database: the search indexes are dropped and rebuilt once at
 * the end (much faster than maintaining it row by row). About 3 s per 25,000 articles on PostgreSQL.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../apps/server/src/db/client';
import { articlesRepository } from '../../apps/server/src/plugins/app/corpus/articles-repository';
import { rankingFromEnv, type Ranking } from '../../apps/server/src/plugins/app/search/ranking';
import { ensureImpactWeights, refreshTitleImpacts } from '../../apps/server/src/plugins/app/search/title-impacts';
import { vocabularyRepository } from '../../apps/server/src/plugins/app/search/vocabulary-repository';
import { CORPUS_DIR, corpusSchema } from '../../apps/server/src/seed/corpus-loader';

export interface SyntheticCorpusOptions {
  /** How many articles (default 100,000). */
  articles?: number;
  /** Articles per INSERT statement (default 25,000). */
  batchSize?: number;
  /** The Best Match weights of the title impacts (default: SEARCH_RANK_* from the environment). */
  ranking?: Ranking;
  /** Called after each batch with the articles written so far. */
  onProgress?: (done: number, total: number) => void;
}

export interface SyntheticCorpusResult {
  articles: number;
  descriptors: number;
  seconds: number;
}

/** Every synthetic article's external id starts with this; `synthetic-<n>`, n from 1. */
export const SYNTHETIC_PREFIX = 'synthetic-';

const PUBLICATION_TYPES = [
  'Journal Article',
  'Journal Article',
  'Journal Article',
  'Review',
  'Clinical Trial',
  'Randomized Controlled Trial',
  'Meta-Analysis',
  'Case Reports',
  'Patient Education Handout',
  'Overview',
];

/** %1$s major topic name, %2$s its lay term, %3$s second descriptor name, %4$s its lay term. */
const TITLES = [
  '%1$s: what the evidence says about %4$s',
  '%1$s and %3$s in adults: a review',
  'Living with %2$s: %4$s and daily life',
  '%3$s after %2$s: outcomes in a cohort of patients',
  'Treating %2$s: comparing approaches to care',
  'Risk of %4$s in people with %1$s',
  'Early signs of %2$s in children and older adults',
  '%1$s: diagnosis, treatment and follow-up',
  'How %4$s changes the course of %2$s',
  'Screening for %1$s in primary care',
];

/** Common health prose: the words ("risk", "treatment", "children") that every real corpus is full of. */
const FILLERS = [
  'Patients were followed for five years after diagnosis.',
  'Treatment choices depended on age, other conditions and personal preference.',
  'Children and older adults were studied separately.',
  'The risk was higher in people who smoked or were physically inactive.',
  'Most people improved with medication and lifestyle changes.',
  'Symptoms often came back when treatment stopped too early.',
  'Blood tests and imaging helped to confirm the diagnosis.',
  'Women reported symptoms later than men on average.',
  'Costs of care and time off work were also measured.',
  'Doctors and nurses explained the options in plain language.',
  'Quality of life improved for most participants within a year.',
  'Side effects were usually mild and short-lived.',
  'Regular exercise and a balanced diet reduced the risk.',
  'Follow-up visits found few complications.',
  'Hospital admissions fell after the programme started.',
  'Pregnant women were advised to talk to their midwife first.',
  'Sleep problems and stress made symptoms worse.',
  'Vaccination and early screening prevented many cases.',
  'Pain was the most common reason for seeing a doctor.',
  'Genetic factors explained part of the difference between families.',
];

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** Article n's id: its md5 shaped as a version-4 UUID (the API's schema checks the version and variant digits). */
const articleId = sql.raw(`overlay(overlay(md5('${SYNTHETIC_PREFIX}' || c.n) placing '4' from 13) placing '8' from 17)::uuid`);

/** A deterministic, roughly uniform non-negative integer for (n, salt): the generator's only randomness. */
const mix = (salt: number) => `(hashint8(g.n * 16 + ${salt}) & 2147483647)`;

/**
 * Fills the temp table `synthetic_picks` with the per-article choices for articles `from..to`:
 * descriptor indexes p (the major topic, skewed towards the first descriptors of the hash order), s and
 * t (distinct from p and from each other), and h, a number the text and metadata choices are cut from.
 * Computed once per batch (float8 maths; numeric `power` was the slowest part of the whole load).
 */
function picksInsert(from: number, to: number, descriptors: number) {
  const half = Math.floor((descriptors - 1) / 2);
  return sql.raw(`
    INSERT INTO synthetic_picks (n, p, s, t, h)
    SELECT g.n, x.p, (x.p + ${mix(2)} % ${half} + 1) % ${descriptors},
      (x.p + ${mix(3)} % ${descriptors - 1 - half} + ${half + 1}) % ${descriptors}, ${mix(4)}
    FROM generate_series(${from}::bigint, ${to}::bigint) AS g(n),
      LATERAL (SELECT least(${descriptors - 1}, floor(${descriptors} * power(${mix(1)}::float8 / 2147483648, 2.5))::int) AS p) x`);
}

async function upsertDemoDescriptors(db: DbOrTx): Promise<string[]> {
  const file = path.join(CORPUS_DIR, 'mesh-descriptors.json');
  const parsed = corpusSchema.descriptors.parse(JSON.parse(await readFile(file, 'utf8')));
  await articlesRepository.upsertDescriptors(
    db,
    parsed.map((d) => ({ ui: d.ui, name: d.name, treeNumbers: d.tree_numbers, entryTerms: d.entry_terms, scopeNote: d.scope_note })),
  );
  return parsed.map((d) => d.ui);
}

/** Fills `db` with `articles` synthetic articles tagged with the demo MeSH descriptors (see the file comment). */
export async function loadSyntheticCorpus(db: Db, options: SyntheticCorpusOptions = {}): Promise<SyntheticCorpusResult> {
  const total = options.articles ?? 100_000;
  const batchSize = options.batchSize ?? 25_000;
  const started = performance.now();
  let descriptorCount = 0;
  // The weights the impacts are computed with: those the server will read them under (SEARCH_RANK_*).
  await ensureImpactWeights(db, options.ranking ?? rankingFromEnv(process.env));
  await db.transaction(async (tx) => {
    const uis = await upsertDemoDescriptors(tx);
    descriptorCount = uis.length;
    // The descriptors in a fixed pseudo-random order (so "popular" ones are spread over the alphabet),
    // each with its lay term (the shortest entry term that is neither inverted nor a spelling variant
    // of the name: "heart attack" for Myocardial Infarction; else the name) and its ready-made
    // weight-B vector (the MeSH part of the search document).
    await tx.execute(sql`DROP TABLE IF EXISTS synthetic_vocab`);
    await tx.execute(sql`
      CREATE TEMP TABLE synthetic_vocab ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY md5(d.ui)))::int - 1 AS i, d.ui, d.name,
        lower(coalesce((SELECT t FROM unnest(d.entry_terms) t
          WHERE position(',' in t) = 0 AND t !~ '[0-9]' AND left(lower(t), 4) <> left(lower(d.name), 4)
          ORDER BY length(t), t LIMIT 1), d.name)) AS lay,
        setweight(to_tsvector('english', d.name || ' ' || array_to_string(d.entry_terms, ' ')), 'B') AS mesh_vec
      FROM mesh_descriptors d WHERE d.ui = ANY(${textArray(uis)})`);
    await tx.execute(sql`CREATE UNIQUE INDEX ON synthetic_vocab (i)`);
    await tx.execute(sql`DROP TABLE IF EXISTS synthetic_picks`);
    await tx.execute(sql`CREATE TEMP TABLE synthetic_picks (n bigint, p int, s int, t int, h int) ON COMMIT DROP`);
    const n = descriptorCount;
    // Every link points at a row this load wrote or checked, so the per-row foreign-key triggers
    // (a third of the link insert's time) are skipped where allowed (superuser: PGlite, the bench's postgres).
    await tx.transaction((sp) => sp.execute(sql`SET LOCAL session_replication_role = replica`)).catch(() => undefined);
    // Building the search indexes once at the end is several times faster than updating them per row;
    // they are rebuilt from their own definitions, as the migrations wrote them.
    const searchIndexes = (
      (await tx.execute(sql`
        SELECT indexname, indexdef FROM pg_indexes
        WHERE indexname IN ('articles_search_idx', 'articles_mesh_search_idx', 'articles_title_search_idx', 'search_title_terms_impact_idx')`)) as unknown as {
        rows: { indexname: string; indexdef: string }[];
      }
    ).rows;
    for (const index of searchIndexes) await tx.execute(sql.raw(`DROP INDEX ${index.indexname}`));

    for (let from = 1; from <= total; from += batchSize) {
      const to = Math.min(total, from + batchSize - 1);
      await tx.execute(sql`TRUNCATE synthetic_picks`);
      await tx.execute(picksInsert(from, to, n));
      await tx.execute(sql`
        INSERT INTO articles (id, source, external_id, title, summary, published_at, publication_types, search_vector, mesh_uis, major_mesh_uis)
        SELECT x.id, x.source, x.external_id, x.title, x.summary, x.published_at, x.publication_types,
          setweight(to_tsvector('english', x.title), 'A') || x.p_vec || x.s_vec || x.t_vec || setweight(to_tsvector('english', x.summary), 'C'),
          x.mesh_uis, x.major_mesh_uis
        FROM (
          SELECT ${articleId} AS id,
            (ARRAY['pubmed','pubmed','pubmed','pubmed','pubmed','pubmed','pubmed','medlineplus','medlineplus','curated'])[1 + c.h % 10] AS source,
            ${SYNTHETIC_PREFIX} || c.n AS external_id,
            format((${textArray(TITLES)})[1 + (c.h / 10) % ${TITLES.length}], p.name, p.lay, s.name, s.lay) AS title,
            format('This %s looks at %s (%s) in people with %s. %s %s Findings link %s with %s.',
              CASE WHEN c.h % 3 = 0 THEN 'review' ELSE 'study' END, p.lay, p.name, s.lay,
              (${textArray(FILLERS)})[1 + (c.h / 100) % ${FILLERS.length}],
              (${textArray(FILLERS)})[1 + (c.h / 2000) % ${FILLERS.length}],
              t.lay, p.lay) AS summary,
            (date '1990-01-01' + ((c.h / 7) % 13149)::int) AS published_at,
            ARRAY[(${textArray(PUBLICATION_TYPES)})[1 + (c.h / 3) % ${PUBLICATION_TYPES.length}]] AS publication_types,
            p.mesh_vec AS p_vec, s.mesh_vec AS s_vec, t.mesh_vec AS t_vec,
            ARRAY[p.ui, s.ui, t.ui] AS mesh_uis, ARRAY[p.ui] AS major_mesh_uis
          FROM synthetic_picks c
          JOIN synthetic_vocab p ON p.i = c.p
          JOIN synthetic_vocab s ON s.i = c.s
          JOIN synthetic_vocab t ON t.i = c.t
        ) x
        ON CONFLICT (source, external_id) DO NOTHING`);
      await tx.execute(sql`
        INSERT INTO article_mesh (article_id, descriptor_ui, major, position)
        SELECT ${articleId}, v.ui, k.position = 0, k.position
        FROM synthetic_picks c
        CROSS JOIN LATERAL (VALUES (0, c.p), (1, c.s), (2, c.t)) AS k(position, i)
        JOIN synthetic_vocab v ON v.i = k.i
        ON CONFLICT DO NOTHING`);
      options.onProgress?.(to, total);
    }
    // The impact-ordered title words (search/title-impacts.ts) of every article, in one pass.
    await refreshTitleImpacts(tx);
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const index of searchIndexes) await tx.execute(sql.raw(index.indexdef));
  });
  await db.execute(sql`ANALYZE articles`);
  await db.execute(sql`ANALYZE article_mesh`);
  await db.execute(sql`ANALYZE search_title_terms`);
  return { articles: total, descriptors: descriptorCount, seconds: (performance.now() - started) / 1000 };
}

export interface SyntheticVocabularyOptions {
  /** How many descriptors to add (default 30,000: full MeSH). */
  descriptors?: number;
  /** Entry terms per descriptor (default 12: about 300,000 distinct terms with the names). */
  entryTerms?: number;
}

/** Syllables for made-up medical words: realistic trigram statistics, yet no real query maps to them. */
const SYLLABLES =
  'car dio neu ro path my o gas tro en ter itis osis emia al derm hep at ren pul mon ar lym pho ma os teo thr cyt leuk hem plas ia ic ism ine ase gen ven tric bron chi col rec sple pan cre lip'.split(
    ' ',
  );
const QUALIFIERS = ['Syndrome', 'Disease', 'Disorder', 'Deficiency', 'Infection', 'Neoplasm', 'Agent', 'Test', 'Therapy', 'Injury'];

/**
 * Adds `descriptors` made-up descriptors (UIs D900000001…, tree numbers under V90) with plausible
 * made-up names and entry terms (word-order variants, plurals, inverted forms, synonyms), so the
 * vocabulary tables reach full MeSH size for suggestion and "did you mean" timings. Goes through
 * the server's own vocabularyRepository.refresh, as an import does. Deterministic; loading again is a no-op.
 */
export async function loadSyntheticVocabulary(
  db: Db,
  options: SyntheticVocabularyOptions = {},
): Promise<{ descriptors: number; terms: number; seconds: number }> {
  const total = options.descriptors ?? 30_000;
  const entryTerms = options.entryTerms ?? 12;
  const started = performance.now();
  const word = (salt: number) =>
    `initcap((${syllableArray})[1 + (hashint8(g.n * 64 + ${salt}) & 2147483647) % ${SYLLABLES.length}] || (${syllableArray})[1 + (hashint8(g.n * 64 + ${salt + 1}) & 2147483647) % ${SYLLABLES.length}] || (${syllableArray})[1 + (hashint8(g.n * 64 + ${salt + 2}) & 2147483647) % ${SYLLABLES.length}])`;
  const syllableArray = `ARRAY[${SYLLABLES.map((s) => `'${s}'`).join(',')}]`;
  const qualifier = (salt: number) =>
    `(ARRAY[${QUALIFIERS.map((q) => `'${q}'`).join(',')}])[1 + (hashint8(g.n * 64 + ${salt}) & 2147483647) % ${QUALIFIERS.length}]`;
  // Entry term k: alternately a plural, an inverted form, a synonym with another qualifier, a new word pair.
  const variants = Array.from({ length: entryTerms }, (_, k) => {
    switch (k % 4) {
      case 0:
        return `x.w1 || ' ' || x.w2 || 's'`;
      case 1:
        return `x.w2 || ', ' || x.w1`;
      case 2:
        return `x.w1 || ' ' || ${qualifier(20 + k)}`;
      default:
        return `${word(30 + k * 3)} || ' ' || x.w2`;
    }
  });
  await db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`
      INSERT INTO mesh_descriptors (ui, name, tree_numbers, scope_note, entry_terms)
      SELECT 'D9' || lpad(g.n::text, 8, '0'), x.w1 || ' ' || x.w2,
        ARRAY['V90.' || lpad((g.n / 1000)::text, 3, '0') || '.' || lpad((g.n % 1000)::text, 3, '0')],
        'A made-up descriptor for benchmarks.',
        ARRAY(SELECT DISTINCT v FROM unnest(ARRAY[${variants.join(', ')}]) v WHERE v <> x.w1 || ' ' || x.w2)
      FROM generate_series(1, ${total}) AS g(n),
        LATERAL (SELECT ${word(1)} AS w1, ${qualifier(5)} AS w2) x
      ON CONFLICT (ui) DO NOTHING`),
    );
    // Tree-number parents (V90.nnn) so narrower expansion has real work at this size too.
    await tx.execute(
      sql.raw(`
      INSERT INTO mesh_descriptors (ui, name, tree_numbers, scope_note, entry_terms)
      SELECT 'D8' || lpad(g.n::text, 8, '0'), ${word(50)} || ' Group ' || g.n, ARRAY['V90.' || lpad(g.n::text, 3, '0')], '', '{}'
      FROM generate_series(0, ${Math.floor(total / 1000)}) AS g(n)
      ON CONFLICT (ui) DO NOTHING`),
    );
    const rows = (await tx.execute(sql`SELECT ui FROM mesh_descriptors WHERE ui LIKE 'D9%' OR ui LIKE 'D8%' ORDER BY ui`)) as unknown as {
      rows: { ui: string }[];
    };
    const uis = rows.rows.map((r) => r.ui);
    for (let i = 0; i < uis.length; i += 5_000) await vocabularyRepository.refresh(tx, uis.slice(i, i + 5_000));
  });
  await db.execute(sql`ANALYZE mesh_descriptors`);
  await db.execute(sql`ANALYZE mesh_terms`);
  await db.execute(sql`ANALYZE mesh_words`);
  await db.execute(sql`ANALYZE mesh_word_uses`);
  await db.execute(sql`ANALYZE mesh_tree_numbers`);
  const counted = (await db.execute(sql`SELECT count(*)::int AS n FROM mesh_terms`)) as unknown as { rows: { n: number }[] };
  return { descriptors: total, terms: counted.rows[0]!.n, seconds: (performance.now() - started) / 1000 };
}

/** Both loaders with a progress line on the terminal, as every benchmark that needs them reports it. */
export async function loadSyntheticCorpusWithProgress(db: Db, articles: number, descriptors: number): Promise<void> {
  let last = 0;
  const corpus = await loadSyntheticCorpus(db, {
    articles,
    onProgress: (done, total) => {
      if (done - last >= total / 10 || done === total) {
        process.stdout.write(` ${Math.round((done / total) * 100)}%`);
        last = done;
      }
    },
  });
  console.log(`\n  ${articles.toLocaleString('en')} articles in ${corpus.seconds.toFixed(1)} s`);
  if (descriptors > 0) {
    const vocabulary = await loadSyntheticVocabulary(db, { descriptors });
    console.log(
      `  vocabulary: +${vocabulary.descriptors.toLocaleString('en')} descriptors, ${vocabulary.terms.toLocaleString('en')} terms in ${vocabulary.seconds.toFixed(1)} s`,
    );
  }
}
