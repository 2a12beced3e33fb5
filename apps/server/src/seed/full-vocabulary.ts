import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../db/client';
import { refreshSearchVectors } from '../plugins/app/search/search-vectors';
import { vocabularyRepository, vocabularyVersion } from '../plugins/app/search/vocabulary-repository';
import { FULL_MESH_FILE, readVocabularyFile, type VocabularyDescriptor } from './mesh-vocabulary';
import {
  buildDeferredIndexes,
  createIndexes,
  deferIndexes,
  dropIndexes,
  indexesOf,
  type IndexDefinition,
  type PendingIndexes,
} from '../db/table-indexes';
import { deriveVocabularyRows, isPlain, type LayTerm } from './vocabulary-rows';

/** A descriptor of the demo vocabulary (mesh-descriptors.json), as the corpus loader validated it. */
export interface DemoDescriptor {
  ui: string;
  name: string;
  tree_numbers: string[];
  entry_terms: string[];
  scope_note: string;
}

/**
 * A database holding at least this many descriptors has a full MeSH vocabulary already (every MeSH
 * edition since the 1990s has more): starting again loads nothing, and neither does a database
 * where an administrator imported NLM's XML.
 */
export const FULL_VOCABULARY_MIN = 20_000;
/** The advisory lock key that serialises loading the full vocabulary (any constant unique to it). */
const FULL_VOCABULARY_LOCK = 72_013_017;

/** Descriptors per statement: five text arrays of this length stay far below any message limit. */
const CHUNK = 5_000;
/** Joins a descriptor's tree numbers or terms into one array element (MeSH terms never hold it). */
const SEPARATOR = '\u001f';

export interface FullVocabularyResult {
  meshYear: number;
  descriptors: number;
  ms: number;
}

/**
 * The full MeSH descriptors with the demo vocabulary laid over them: the demo's own plain-language
 * scope notes, and its entry terms that this MeSH edition lacks (lay words and older MeSH terms), so
 * nothing the demo vocabulary mapped stops mapping. Demo descriptors this edition lacks are kept whole.
 */
export function withDemoOverlay(full: VocabularyDescriptor[], demo: DemoDescriptor[]) {
  const demoByUi = new Map(demo.map((d) => [d.ui, d]));
  const merged = full.map((d) => {
    const mine = demoByUi.get(d.ui);
    demoByUi.delete(d.ui);
    if (!mine) return { ...d, scopeNote: '' };
    const known = new Set([d.name, ...d.entryTerms].map((term) => term.toLowerCase()));
    const extra = mine.entry_terms.filter((term) => !known.has(term.toLowerCase()));
    return { ...d, entryTerms: [...d.entryTerms, ...extra], scopeNote: mine.scope_note };
  });
  const kept = [...demoByUi.values()].map((d) => ({
    ui: d.ui,
    name: d.name,
    treeNumbers: d.tree_numbers,
    entryTerms: d.entry_terms,
    scopeNote: d.scope_note,
  }));
  return [...merged, ...kept];
}

/** Whether the database lacks a full vocabulary (a new installation, or one that ran with the demo one). */
export async function needsFullVocabulary(db: DbOrTx): Promise<boolean> {
  const { rows } = (await db.execute(sql`SELECT count(*)::int AS n FROM mesh_descriptors`)) as unknown as { rows: { n: number }[] };
  return rows[0]!.n < FULL_VOCABULARY_MIN;
}

/** The tables derived from mesh_descriptors (db/schema/search-vocabulary.ts). */
const VOCABULARY_TABLES = ['mesh_terms', 'mesh_words', 'mesh_word_uses', 'mesh_tree_numbers'];

/** Where the indexes a server builds after it listens are recorded (app_state key). */
const VOCABULARY_INDEXES = 'mesh_vocabulary_pending_indexes';

const rank = (i: IndexDefinition) => (i.kind === 'constraint' ? 0 : i.inverted ? 2 : 1);

async function buildIndexes(tx: DbOrTx, pending: PendingIndexes) {
  await createIndexes(tx, pending.indexes);
  await tx.execute(sql.raw(`ANALYZE ${pending.analyze.join(', ')}`));
}

/**
 * The vocabulary's indexes and statistics that a start left for after listening (loadFullVocabulary's
 * deferIndexes), built now; a later start finds none and costs one read. Returns how many it built.
 */
export function buildVocabularyIndexes(db: Db, stop?: () => boolean): Promise<number | null> {
  return buildDeferredIndexes(db, VOCABULARY_INDEXES, stop);
}

/** Rows per INSERT ... SELECT FROM unnest(...): a few statements of arrays, each far below any message limit. */
const ROWS_PER_STATEMENT = 50_000;

type ColumnType = 'text' | 'boolean' | 'integer';

/**
 * Inserts columns of values as rows, through unnested arrays: set-based, as fast as the database's COPY here.
 * Each array's key names its column in camelCase (`descriptorUi` fills descriptor_ui); `types` gives the
 * columns' SQL types, in the order they are written.
 */
async function insertColumns<T extends Record<string, unknown[]>>(
  db: DbOrTx,
  table: string,
  values: T,
  types: { [K in keyof T]: ColumnType },
): Promise<void> {
  const columns = Object.keys(types).map((key) => ({
    name: key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    type: types[key]!,
    values: values[key]!,
  }));
  const total = columns[0]!.values.length;
  for (let i = 0; i < total; i += ROWS_PER_STATEMENT) {
    const arrays = columns.map((c) => sql`${sql.param(c.values.slice(i, i + ROWS_PER_STATEMENT))}::${sql.raw(c.type)}[]`);
    const names = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
    await db.execute(sql`INSERT INTO ${sql.identifier(table)} (${names}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`);
  }
}

/** The descriptors whose vocabulary rows the database derives itself: letters beyond ASCII, or not in the file. */
async function databaseDerived(tx: DbOrTx, descriptors: VocabularyDescriptor[]): Promise<Set<string>> {
  const uis = new Set(descriptors.filter((d) => !isPlain(d)).map((d) => d.ui));
  const others = await rowsOf<{ ui: string }>(
    tx,
    sql`SELECT ui FROM mesh_descriptors WHERE ui <> ALL(${sql.param(descriptors.map((d) => d.ui))}::text[])`,
  );
  for (const r of others) uis.add(r.ui);
  return uis;
}

/**
 * Loads the full MeSH vocabulary in one transaction. Every index but the keys is dropped first and
 * built once at the end, from its own definition: building a trigram or text-search index once is
 * several times cheaper than growing it row by row. Descriptors go in through a few statements of
 * unnested arrays (one INSERT per descriptor costs half a minute); descriptors already there are
 * updated, a scope note already written kept unless the overlay brings one. The search vocabulary
 * rows of plain descriptors, lay terms included, are derived here (vocabulary-rows.ts), the few
 * others' by the database (vocabularyRepository.refresh). Articles already tagged get their search vectors refreshed, since
 * their descriptors' entry terms are part of them.
 */
export async function loadFullVocabulary(
  db: Db,
  demo: DemoDescriptor[],
  options: { file?: string; deferIndexes?: boolean } = {},
): Promise<FullVocabularyResult> {
  const started = Date.now();
  const { header, descriptors: full } = await readVocabularyFile(options.file ?? FULL_MESH_FILE);
  const descriptors = withDemoOverlay(full, demo);
  const loaded = await db.transaction(async (tx) => {
    // Several processes starting on one new database: one loads, the others wait for it and find it done.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FULL_VOCABULARY_LOCK})`);
    if (!(await needsFullVocabulary(tx))) return false;
    // Sorting 260,000 terms and building their indexes fit in memory with these; the defaults spill to disk.
    await tx.execute(sql`SELECT set_config('work_mem', '64MB', true), set_config('maintenance_work_mem', '256MB', true)`);
    const derivedByDatabase = await databaseDerived(tx, descriptors);
    // mesh_descriptors keeps its key (other tables' foreign keys point at it), the derived tables lose all.
    const indexes = [...(await indexesOf(tx, ['mesh_descriptors'], false)), ...(await indexesOf(tx, VOCABULARY_TABLES, true))];
    await dropIndexes(tx, indexes);
    for (let i = 0; i < descriptors.length; i += CHUNK) {
      const chunk = descriptors.slice(i, i + CHUNK);
      const column = (pick: (d: (typeof chunk)[number]) => string) => sql`${sql.param(chunk.map(pick))}::text[]`;
      await tx.execute(sql`
        INSERT INTO mesh_descriptors (ui, name, tree_numbers, entry_terms, scope_note)
        SELECT ui, name, string_to_array(trees, ${SEPARATOR}), string_to_array(terms, ${SEPARATOR}), scope_note
        FROM unnest(${column((d) => d.ui)}, ${column((d) => d.name)}, ${column((d) => d.treeNumbers.join(SEPARATOR))},
          ${column((d) => d.entryTerms.join(SEPARATOR))}, ${column((d) => d.scopeNote)}) AS u(ui, name, trees, terms, scope_note)
        ON CONFLICT (ui) DO UPDATE SET
          name = excluded.name, tree_numbers = excluded.tree_numbers, entry_terms = excluded.entry_terms,
          scope_note = CASE WHEN excluded.scope_note <> '' THEN excluded.scope_note ELSE mesh_descriptors.scope_note END,
          updated_at = now()`);
    }
    vocabularyVersion.current++;
    await tx.execute(sql.raw(`TRUNCATE ${VOCABULARY_TABLES.join(', ')}`));
    const layTerms = await rowsOf<LayTerm>(tx, sql`SELECT normalized, descriptor_ui AS "descriptorUi", term, kind FROM mesh_lay_terms`);
    const rows = deriveVocabularyRows(
      descriptors.filter((d) => !derivedByDatabase.has(d.ui)),
      layTerms,
    );
    await insertColumns(tx, 'mesh_terms', rows.terms, {
      normalized: 'text',
      descriptorUi: 'text',
      term: 'text',
      preferred: 'boolean',
      inverted: 'boolean',
      layKind: 'text',
    });
    await insertColumns(tx, 'mesh_words', rows.words, { word: 'text', descriptorUi: 'text', lay: 'boolean' });
    await insertColumns(tx, 'mesh_word_uses', rows.wordUses, { word: 'text', uses: 'integer', lay: 'boolean' });
    await insertColumns(tx, 'mesh_tree_numbers', rows.treeNumbers, { treeNumber: 'text', descriptorUi: 'text' });
    // The foreign keys now (a descriptor deleted meanwhile must take its rows along), the rest after.
    const foreignKeys = indexes.filter((i) => i.kind === 'constraint' && i.definition.startsWith('FOREIGN KEY'));
    await createIndexes(tx, foreignKeys);
    await vocabularyRepository.refresh(tx, [...derivedByDatabase]);
    // Keys first, the inverted (trigram, text-search) indexes, the costliest, last.
    const rest = indexes.filter((i) => !foreignKeys.includes(i)).sort((a, b) => rank(a) - rank(b));
    const pending = { indexes: rest, analyze: ['mesh_descriptors', 'mesh_lay_terms', ...VOCABULARY_TABLES] };
    if (options.deferIndexes) await deferIndexes(tx, VOCABULARY_INDEXES, pending);
    else await buildIndexes(tx, pending);
    const { rows: tagged } = (await tx.execute(sql`SELECT DISTINCT article_id AS id FROM article_mesh`)) as unknown as {
      rows: { id: string }[];
    };
    if (tagged.length > 0)
      await refreshSearchVectors(
        tx,
        tagged.map((r) => r.id),
      );
    return true;
  });
  return { meshYear: header.meshYear, descriptors: loaded ? descriptors.length : 0, ms: Date.now() - started };
}
