import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { meshLayTerms, type LayKind } from '../../db/schema/search-vocabulary';
import { normalizeTerm } from '../../plugins/app/search/query-parser';
import { vocabularyRepository } from '../../plugins/app/search/vocabulary-repository';

/** The reviewed lay vocabulary: everyday names, abbreviations and spellings of MeSH descriptors (README.md here). */
export const LAY_TERMS_FILE = path.join(import.meta.dirname, 'lay-terms.tsv');

export const LAY_KINDS = ['lay', 'abbreviation', 'spelling'] as const satisfies readonly LayKind[];
export const LAY_SOURCES = ['medlineplus', 'nhs', 'clinical-abbreviation'] as const;
const COLUMNS = ['term', 'descriptor_ui', 'descriptor_name', 'kind', 'source'];

const rowSchema = z.object({
  term: z.string().min(1),
  descriptor_ui: z.string().regex(/^D\d{6,9}$/, 'is not a MeSH descriptor UI'),
  descriptor_name: z.string().min(1),
  kind: z.enum(LAY_KINDS),
  source: z.enum(LAY_SOURCES),
});
export type LayTermRow = z.infer<typeof rowSchema>;

/** The file's rows, validated: a malformed row is an error naming its line, never a silently wrong mapping. */
export function parseLayTerms(text: string): LayTermRow[] {
  const [header, ...lines] = text.split('\n').filter((line) => line.trim() !== '');
  if (header !== COLUMNS.join('\t')) throw new Error(`lay-terms.tsv: the header must be ${COLUMNS.join(', ')} (tab-separated)`);
  return lines.map((line, i) => {
    const cells = line.split('\t');
    const result = rowSchema.safeParse(Object.fromEntries(COLUMNS.map((c, j) => [c, cells[j]])));
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw new Error(`lay-terms.tsv line ${i + 2}: ${issue.path.join('.')} ${issue.message}`);
    }
    return result.data;
  });
}

let cached: LayTermRow[] | null = null;
export const layTerms = () => (cached ??= parseLayTerms(readFileSync(LAY_TERMS_FILE, 'utf8')));

type LayRow = typeof meshLayTerms.$inferSelect;
const keyOf = (r: LayRow) => [r.normalized, r.descriptorUi, r.descriptorName, r.term, r.kind, r.source].join('\t');

export interface LaySyncResult {
  /** Rows in the file. */
  terms: number;
  /** Rows whose descriptor is in the loaded MeSH; the others wait for an import that brings it. */
  loaded: number;
  skipped: number;
  /** Whether the table had to be rewritten (the file changed since the last start). */
  changed: boolean;
}

/**
 * Brings mesh_lay_terms in line with the file (run with the migrations, so every server, test
 * template and CLI import sees the same vocabulary), then refreshes the vocabulary rows of the
 * descriptors whose lay terms changed. An unchanged file costs one read of the table.
 */
export async function syncLayVocabulary(db: Db): Promise<LaySyncResult> {
  const wanted = new Map<string, LayRow>();
  for (const row of layTerms()) {
    const normalized = normalizeTerm(row.term);
    // One row per normalized form and descriptor: "Crohn's" and "crohn's" are the same look-up.
    if (normalized && !wanted.has(`${normalized}\t${row.descriptor_ui}`)) {
      wanted.set(`${normalized}\t${row.descriptor_ui}`, {
        normalized,
        descriptorUi: row.descriptor_ui,
        descriptorName: row.descriptor_name,
        term: row.term,
        kind: row.kind,
        source: row.source,
      });
    }
  }
  return db.transaction(async (tx) => {
    const current = await tx.select().from(meshLayTerms);
    const wantedKeys = new Set([...wanted.values()].map(keyOf));
    const changed = current.length !== wantedKeys.size || current.some((r) => !wantedKeys.has(keyOf(r)));
    if (changed) {
      const touched = new Set([...current.map((r) => r.descriptorUi), ...[...wanted.values()].map((r) => r.descriptorUi)]);
      await tx.delete(meshLayTerms);
      const rows = [...wanted.values()];
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(meshLayTerms).values(rows.slice(i, i + 1000));
      const present = await loadedDescriptors(tx, [...touched]);
      await vocabularyRepository.refresh(tx, present);
    }
    const [counts] = (
      (await tx.execute(sql`
        SELECT count(*)::int AS terms, count(d.ui)::int AS loaded
        FROM mesh_lay_terms l LEFT JOIN mesh_descriptors d ON d.ui = l.descriptor_ui`)) as unknown as {
        rows: { terms: number; loaded: number }[];
      }
    ).rows;
    return { terms: counts!.terms, loaded: counts!.loaded, skipped: counts!.terms - counts!.loaded, changed };
  });
}

async function loadedDescriptors(db: DbOrTx, uis: string[]): Promise<string[]> {
  if (uis.length === 0) return [];
  const result = (await db.execute(sql`SELECT ui FROM mesh_descriptors WHERE ui = ANY(${sql.param(uis)}::text[])`)) as unknown as {
    rows: { ui: string }[];
  };
  return result.rows.map((r) => r.ui);
}
