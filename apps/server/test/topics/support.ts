import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { meshDescriptors } from '../../src/db/schema/index';
import { vocabularyRepository } from '../../src/plugins/app/search/vocabulary-repository';
import { readVocabularyFile, type VocabularyDescriptor } from '../../src/seed/mesh-vocabulary';
import type { TestContext } from '../support/test-app';

interface DemoDescriptor {
  ui: string;
  name: string;
  tree_numbers: string[];
  entry_terms: string[];
  scope_note: string;
}

/** Real MeSH: the demo vocabulary's own rows (apps/server/src/seed/corpus), so no UI or tree number is made up. */
const DEMO: DemoDescriptor[] = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../src/seed/corpus/mesh-descriptors.json', import.meta.url)), 'utf8'),
) as DemoDescriptor[];

export const MIGRAINE = 'D008881';
export const HEADACHE = 'D006261';
export const TENSION_HEADACHE = 'D018781';
export const CLUSTER_HEADACHE = 'D003027';
export const ASTHMA = 'D001249';
export const DIABETES = 'D003920';
export const DIABETES_TYPE_2 = 'D003924';

/** Puts these demo descriptors in the vocabulary, mapping tables included (what the corpus loader does). */
export async function withDescriptors(t: TestContext, uis: string[]) {
  const rows = uis.map((ui) => {
    const d = DEMO.find((x) => x.ui === ui);
    if (!d) throw new Error(`${ui} is not in the demo vocabulary`);
    return { ui: d.ui, name: d.name, treeNumbers: d.tree_numbers, entryTerms: d.entry_terms, scopeNote: d.scope_note };
  });
  await t.db.insert(meshDescriptors).values(rows);
  await vocabularyRepository.refresh(t.db, uis);
}

export const TOPIC_FIXTURE = [MIGRAINE, HEADACHE, TENSION_HEADACHE, CLUSTER_HEADACHE, ASTHMA, DIABETES, DIABETES_TYPE_2];

let fullMesh: Promise<Map<string, VocabularyDescriptor>> | undefined;

/**
 * Puts these descriptors of the full MeSH vocabulary the app ships (apps/server/src/seed/corpus/
 * mesh-full.jsonl.gz) in the vocabulary, every entry term included: what `npm start` loads, for
 * tests of names and everyday words the demo vocabulary leaves out ("Lunch", MeSH's permutations).
 */
export async function withFullMeshDescriptors(t: TestContext, uis: string[]) {
  fullMesh ??= readVocabularyFile().then(({ descriptors }) => new Map(descriptors.map((d) => [d.ui, d])));
  const byUi = await fullMesh;
  const rows = uis.map((ui) => {
    const d = byUi.get(ui);
    if (!d) throw new Error(`${ui} is not in the full MeSH vocabulary`);
    return { ui: d.ui, name: d.name, treeNumbers: d.treeNumbers, entryTerms: d.entryTerms, scopeNote: '' };
  });
  for (const row of rows) {
    await t.db
      .insert(meshDescriptors)
      .values(row)
      .onConflictDoUpdate({ target: meshDescriptors.ui, set: { treeNumbers: row.treeNumbers, entryTerms: row.entryTerms } });
  }
  await vocabularyRepository.refresh(t.db, uis);
}
