import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { refreshSearchVectors } from '../plugins/app/search/search-repository';
import { vocabularyRepository } from '../plugins/app/search/vocabulary-repository';
import { FULL_MESH_FILE, readVocabularyFile, type VocabularyDescriptor } from './mesh-vocabulary';

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

/**
 * Loads the full MeSH vocabulary in one transaction: descriptors through a few statements of
 * unnested arrays (one INSERT per descriptor costs half a minute), then the search vocabulary rows
 * rebuilt set-based once. Descriptors already there are updated; a scope note already written is kept
 * unless the overlay brings one. Articles already tagged get their search vectors refreshed, since
 * their descriptors' entry terms are part of them.
 */
export async function loadFullVocabulary(db: Db, demo: DemoDescriptor[], file: string = FULL_MESH_FILE): Promise<FullVocabularyResult> {
  const started = Date.now();
  const { header, descriptors: full } = await readVocabularyFile(file);
  const descriptors = withDemoOverlay(full, demo);
  const loaded = await db.transaction(async (tx) => {
    // Several processes starting on one new database: one loads, the others wait for it and find it done.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FULL_VOCABULARY_LOCK})`);
    if (!(await needsFullVocabulary(tx))) return false;
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
    await vocabularyRepository.refreshAll(tx);
    const { rows } = (await tx.execute(sql`SELECT DISTINCT article_id AS id FROM article_mesh`)) as unknown as { rows: { id: string }[] };
    if (rows.length > 0)
      await refreshSearchVectors(
        tx,
        rows.map((r) => r.id),
      );
    return true;
  });
  return { meshYear: header.meshYear, descriptors: loaded ? descriptors.length : 0, ms: Date.now() - started };
}
