import { gunzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The full MeSH descriptor vocabulary as the app ships it: a gzipped JSON-lines file derived from
 * NLM's MeSH (see scripts/mesh/README.md), one header line and then one line per descriptor,
 * `[ui, name, [tree numbers], [entry terms]]`. Compact, diff-free to regenerate, and parsed in well
 * under a second.
 */
export const FULL_MESH_FILE = path.join(import.meta.dirname, 'corpus', 'mesh-full.jsonl.gz');

export const FORMAT = 'wink-mesh-vocabulary/1';

export interface VocabularyHeader {
  format: typeof FORMAT;
  /** The MeSH edition (desc20XX/mtrees20XX) the rows come from. */
  meshYear: number;
  source: string;
  attribution: string;
  descriptors: number;
}

export interface VocabularyDescriptor {
  ui: string;
  name: string;
  treeNumbers: string[];
  /** Every other term of every concept, permuted forms included ("Heart Attacks", "Pain, Abdominal"), each once. */
  entryTerms: string[];
}

/** One term row of the thesaurus (jaytimm/mesh-resources' data_mesh_thesaurus, one row per MeSH term). */
export interface ThesaurusRow {
  descriptorUi: string;
  descriptorName: string;
  termName: string;
}

export interface TreeRow {
  descriptorUi: string;
  treeNumber: string;
}

const UI = /^D\d{6,9}$/;
const TREE_NUMBER = /^[A-Z]\d{2}(\.\d{3})*$/;

/**
 * Groups term rows and tree rows into descriptors, in UI order. Nothing is made up: a malformed UI
 * or tree number, or a tree number of a descriptor the thesaurus lacks, stops the conversion.
 */
export function descriptorsFromThesaurus(terms: ThesaurusRow[], trees: TreeRow[]): VocabularyDescriptor[] {
  const byUi = new Map<string, { name: string; terms: Set<string>; trees: Set<string> }>();
  for (const row of terms) {
    if (!UI.test(row.descriptorUi)) throw new Error(`Not a MeSH descriptor UI: ${JSON.stringify(row.descriptorUi)}`);
    let entry = byUi.get(row.descriptorUi);
    if (!entry) byUi.set(row.descriptorUi, (entry = { name: row.descriptorName, terms: new Set(), trees: new Set() }));
    else if (entry.name !== row.descriptorName) throw new Error(`${row.descriptorUi} has two names: ${entry.name}, ${row.descriptorName}`);
    const term = row.termName.trim();
    if (term && term !== entry.name) entry.terms.add(term);
  }
  for (const row of trees) {
    const entry = byUi.get(row.descriptorUi);
    if (!entry) throw new Error(`Tree number ${row.treeNumber} belongs to ${row.descriptorUi}, which has no terms`);
    if (!TREE_NUMBER.test(row.treeNumber)) throw new Error(`Not a MeSH tree number: ${row.descriptorUi} ${JSON.stringify(row.treeNumber)}`);
    entry.trees.add(row.treeNumber);
  }
  return [...byUi]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([ui, e]) => ({ ui, name: e.name, treeNumbers: [...e.trees].sort(), entryTerms: [...e.terms] }));
}

/** Reads a TSV with a header line into objects keyed by the header's column names. */
export function parseTsv(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  const columns = lines.shift()?.split('\t') ?? [];
  return lines.map((line, i) => {
    const values = line.split('\t');
    if (values.length !== columns.length) throw new Error(`TSV line ${i + 2}: ${values.length} values for ${columns.length} columns`);
    return Object.fromEntries(columns.map((c, j) => [c, values[j]!]));
  });
}

export function serializeVocabulary(header: Omit<VocabularyHeader, 'format' | 'descriptors'>, descriptors: VocabularyDescriptor[]) {
  const head: VocabularyHeader = { format: FORMAT, ...header, descriptors: descriptors.length };
  const lines = [JSON.stringify(head), ...descriptors.map((d) => JSON.stringify([d.ui, d.name, d.treeNumbers, d.entryTerms]))];
  return `${lines.join('\n')}\n`;
}

export function parseVocabulary(text: string): { header: VocabularyHeader; descriptors: VocabularyDescriptor[] } {
  const lines = text.split('\n').filter(Boolean);
  const header = JSON.parse(lines.shift() ?? '{}') as VocabularyHeader;
  if (header.format !== FORMAT) throw new Error(`Not a ${FORMAT} file (format ${JSON.stringify(header.format)})`);
  const descriptors = lines.map((line) => {
    const [ui, name, treeNumbers, entryTerms] = JSON.parse(line) as [string, string, string[], string[]];
    return { ui, name, treeNumbers, entryTerms };
  });
  if (descriptors.length !== header.descriptors) {
    throw new Error(`The file announces ${header.descriptors} descriptors and holds ${descriptors.length}: it is truncated`);
  }
  return { header, descriptors };
}

export async function readVocabularyFile(file: string = FULL_MESH_FILE) {
  return parseVocabulary(gunzipSync(await readFile(file)).toString('utf8'));
}
