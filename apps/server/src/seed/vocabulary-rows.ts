import type { LayKind } from '../db/schema/search-vocabulary';
import { normalizeTerm } from '../plugins/app/search/query-parser';

/**
 * The search vocabulary rows (mesh_terms, mesh_words, mesh_word_uses, mesh_tree_numbers) of plain
 * descriptors, derived here instead of by the database: the same rows vocabularyRepository's
 * statements derive, in a fraction of the time (normalizing 260,000 terms with a regular expression
 * took PGlite 13 of the full vocabulary's 20 s). A test loads the full vocabulary this way and then
 * rewrites it with the repository's statements, and finds every row the same.
 *
 * Only for descriptors the two derivations certainly agree on, every term in ASCII: the database's
 * [[:alnum:]] and lower() follow its locale for other letters, and PGlite's locale is not
 * PostgreSQL's. The others are left to vocabularyRepository.refresh.
 */

export interface PlainDescriptor {
  ui: string;
  name: string;
  treeNumbers: string[];
  entryTerms: string[];
}

/** A row of mesh_lay_terms: its normalized form is normalizeTerm's, as loaded from lay-terms.tsv. */
export interface LayTerm {
  normalized: string;
  descriptorUi: string;
  term: string;
  kind: LayKind;
}

export interface VocabularyRows {
  terms: {
    normalized: string[];
    descriptorUi: string[];
    term: string[];
    preferred: boolean[];
    inverted: boolean[];
    layKind: (LayKind | null)[];
  };
  words: { word: string[]; descriptorUi: string[]; lay: boolean[] };
  wordUses: { word: string[]; uses: number[]; lay: boolean[] };
  treeNumbers: { treeNumber: string[]; descriptorUi: string[] };
}

const ASCII = /^[\x20-\x7e]*$/;

/** Whether this module derives the descriptor's rows exactly as the database would. */
export function isPlain(d: PlainDescriptor): boolean {
  return ASCII.test(d.name) && d.entryTerms.every((term) => ASCII.test(term));
}

/** The words a mesh_words row is made for: those of 3 letters or more of a normalized term. */
const wordsOf = (normalized: string) => normalized.split(' ').filter((w) => w.length >= 3);

/**
 * Rows of these (plain) descriptors: a term per normalized form and descriptor, the first spelling of
 * name-then-entry-terms winning; a MeSH term that is also one of the descriptor's lay terms marked
 * with its kind (an abbreviation MeSH has itself stays MeSH's), the other lay terms added; each term's
 * words of 3 letters or more, a word lay when its term is a lay one or is the name of a descriptor
 * with lay terms; each word's count of descriptors; each tree number once.
 */
export function deriveVocabularyRows(descriptors: PlainDescriptor[], layTerms: LayTerm[] = []): VocabularyRows {
  const rows: VocabularyRows = {
    terms: { normalized: [], descriptorUi: [], term: [], preferred: [], inverted: [], layKind: [] },
    words: { word: [], descriptorUi: [], lay: [] },
    wordUses: { word: [], uses: [], lay: [] },
    treeNumbers: { treeNumber: [], descriptorUi: [] },
  };
  const layByUi = new Map<string, LayTerm[]>();
  for (const l of layTerms) layByUi.set(l.descriptorUi, [...(layByUi.get(l.descriptorUi) ?? []), l]);
  const uses = new Map<string, { count: number; lay: boolean }>();
  for (const d of descriptors) {
    const lay = layByUi.get(d.ui) ?? [];
    const terms = new Map<string, { term: string; preferred: boolean; inverted: boolean; layKind: LayKind | null }>();
    [d.name, ...d.entryTerms].forEach((term, i) => {
      const normalized = normalizeTerm(term);
      if (normalized !== '' && !terms.has(normalized))
        terms.set(normalized, { term, preferred: i === 0, inverted: term.includes(','), layKind: null });
    });
    for (const l of lay) {
      const mesh = terms.get(l.normalized);
      if (!mesh) terms.set(l.normalized, { term: l.term, preferred: false, inverted: false, layKind: l.kind });
      else if (l.kind !== 'abbreviation') mesh.layKind = l.kind;
    }
    const words = new Map<string, boolean>();
    for (const [normalized, t] of terms) {
      rows.terms.normalized.push(normalized);
      rows.terms.descriptorUi.push(d.ui);
      rows.terms.term.push(t.term);
      rows.terms.preferred.push(t.preferred);
      rows.terms.inverted.push(t.inverted);
      rows.terms.layKind.push(t.layKind);
      const layWord = t.layKind !== null || (t.preferred && lay.length > 0);
      for (const word of wordsOf(normalized)) words.set(word, (words.get(word) ?? false) || layWord);
    }
    for (const [word, layWord] of words) {
      rows.words.word.push(word);
      rows.words.descriptorUi.push(d.ui);
      rows.words.lay.push(layWord);
      const total = uses.get(word);
      if (total) {
        total.count++;
        total.lay ||= layWord;
      } else uses.set(word, { count: 1, lay: layWord });
    }
    for (const treeNumber of new Set(d.treeNumbers)) {
      rows.treeNumbers.treeNumber.push(treeNumber);
      rows.treeNumbers.descriptorUi.push(d.ui);
    }
  }
  for (const [word, total] of uses) {
    rows.wordUses.word.push(word);
    rows.wordUses.uses.push(total.count);
    rows.wordUses.lay.push(total.lay);
  }
  return rows;
}
