import type { Db } from '../../../../db/client';
import { articlesRepository, type DescriptorInput } from '../articles-repository';
import { runImport, type ImportOptions, type ImportSummary } from './run-import';
import { child, childrenNamed, textOf, type XmlNode } from './xml-records';

/**
 * One NLM `DescriptorRecord` (desc20XX.xml) as a descriptor. Entry terms are every term of every
 * concept except the heading itself: they are what lay queries are mapped through. The scope
 * note is the preferred concept's.
 */
export function meshDescriptorFromXml(record: XmlNode): DescriptorInput | null {
  const ui = textOf(child(record, 'DescriptorUI'));
  const name = textOf(child(record, 'DescriptorName', 'String'));
  if (!ui || !name) return null;
  const treeNumbers = childrenNamed(child(record, 'TreeNumberList'), 'TreeNumber').map((t) => textOf(t));
  const concepts = childrenNamed(child(record, 'ConceptList'), 'Concept');
  const preferred = concepts.find((c) => c.attributes.PreferredConceptYN === 'Y') ?? concepts[0];
  const terms = concepts.flatMap((c) => childrenNamed(child(c, 'TermList'), 'Term').map((t) => textOf(child(t, 'String'))));
  const entryTerms = [...new Set(terms.filter((t) => t && t !== name))];
  return { ui, name, treeNumbers: treeNumbers.filter(Boolean), entryTerms, scopeNote: textOf(child(preferred, 'ScopeNote')) };
}

export function importMeshXml(db: Db, file: string, options?: ImportOptions): Promise<ImportSummary> {
  return runImport(
    db,
    file,
    {
      label: 'MeSH descriptors',
      recordName: 'DescriptorRecord',
      map: meshDescriptorFromXml,
      upsert: (tx, batch) => articlesRepository.upsertDescriptors(tx, batch),
    },
    options,
  );
}
