import type { Db } from '../../../../db/client';
import { articlesRepository, type ArticleInput } from '../articles-repository';
import { runImport, type ImportOptions, type ImportSummary } from './run-import';
import { child, childrenNamed, textOf, type XmlNode } from './xml-records';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function month(text: string): number | null {
  if (/^\d{1,2}$/.test(text)) return Number(text) >= 1 && Number(text) <= 12 ? Number(text) : null;
  const index = MONTHS.indexOf(text.slice(0, 3).toLowerCase());
  return index >= 0 ? index + 1 : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * PubMed's `PubDate`: Year with an optional Month (`Mar` or `03`) and Day, or a free-text
 * MedlineDate such as `1998 Dec-1999 Jan` or `2000 Spring`, of which we keep the first year and
 * month. Missing parts become the first month or day, so the date sorts and filters sensibly.
 */
export function pubDate(node: XmlNode | undefined): string | null {
  if (!node) return null;
  let year = textOf(child(node, 'Year'));
  let monthText = textOf(child(node, 'Month'));
  let dayText = textOf(child(node, 'Day'));
  const medline = textOf(child(node, 'MedlineDate'));
  if (!year && medline) {
    const match = /(\d{4})(?:\s+([A-Za-z]{3}))?(?:\s+(\d{1,2})\b)?/.exec(medline);
    if (!match) return null;
    [, year = '', monthText = '', dayText = ''] = match;
  }
  if (!/^\d{4}$/.test(year)) return null;
  const m = month(monthText) ?? 1;
  const d = Number(dayText);
  const lastDay = new Date(Date.UTC(Number(year), m, 0)).getUTCDate();
  return `${year}-${pad(m)}-${pad(d >= 1 && d <= lastDay ? d : 1)}`;
}

function author(node: XmlNode): string {
  const collective = textOf(child(node, 'CollectiveName'));
  if (collective) return collective;
  const last = textOf(child(node, 'LastName'));
  const initials = textOf(child(node, 'Initials')) || textOf(child(node, 'ForeName'));
  return [last, initials].filter(Boolean).join(' ');
}

/** Structured abstracts keep their section labels (`BACKGROUND: …`), one section per paragraph. */
function abstract(node: XmlNode | undefined): string {
  return childrenNamed(node, 'AbstractText')
    .map((section) => {
      const text = textOf(section);
      const label = section.attributes.Label?.trim();
      return label && text ? `${label}: ${text}` : text;
    })
    .filter(Boolean)
    .join('\n\n');
}

/** The publication type PubMed gives a paper once it is retracted, and the one of the notice itself. */
export const RETRACTED_TYPE = 'Retracted Publication';
const NOTICE_TYPE = 'Retraction of Publication';

/** Corrections that say a paper was retracted (RetractedandRepublishedIn: replaced by a corrected version). */
const RETRACTED_BY = new Set(['RetractionIn', 'RetractedandRepublishedIn']);

const corrections = (citation: XmlNode | undefined) => childrenNamed(child(citation, 'CommentsCorrectionsList'), 'CommentsCorrections');

/**
 * Whether PubMed marks the record retracted: the "Retracted Publication" type, or a correction that
 * points at its retraction notice (older records carry one without the other).
 */
function isRetracted(citation: XmlNode | undefined, publicationTypes: string[]): boolean {
  return publicationTypes.includes(RETRACTED_TYPE) || corrections(citation).some((c) => RETRACTED_BY.has(c.attributes.RefType ?? ''));
}

/**
 * The PMIDs a retraction notice retracts (its RetractionOf corrections), or none for any other record:
 * a notice can reach the corpus before the retracted paper's own record is revised.
 */
export function retractedByNotice(record: XmlNode): string[] {
  const citation = child(record, 'MedlineCitation');
  const types = childrenNamed(child(citation, 'Article', 'PublicationTypeList'), 'PublicationType').map((t) => textOf(t));
  const notices = corrections(citation).filter((c) => c.attributes.RefType === 'RetractionOf');
  if (!types.includes(NOTICE_TYPE) && notices.length === 0) return [];
  return notices.map((c) => textOf(child(c, 'PMID'))).filter(Boolean);
}

/** One efetch `PubmedArticle` as an article, source `pubmed`, keyed by PMID. */
export function pubmedArticleFromXml(record: XmlNode): ArticleInput | null {
  const citation = child(record, 'MedlineCitation');
  const article = child(citation, 'Article');
  const pmid = textOf(child(citation, 'PMID'));
  const title = textOf(child(article, 'ArticleTitle')) || textOf(child(article, 'VernacularTitle'));
  if (!pmid || !title) return null;
  const journal = child(article, 'Journal');
  const mesh = childrenNamed(child(citation, 'MeshHeadingList'), 'MeshHeading').flatMap((heading) => {
    const descriptor = child(heading, 'DescriptorName');
    const ui = descriptor?.attributes.UI;
    if (!ui) return [];
    // PubMed counts a heading as a major topic when its descriptor or any of its qualifiers is starred.
    const major =
      descriptor.attributes.MajorTopicYN === 'Y' || childrenNamed(heading, 'QualifierName').some((q) => q.attributes.MajorTopicYN === 'Y');
    return [{ ui, major }];
  });
  const publicationTypes = childrenNamed(child(article, 'PublicationTypeList'), 'PublicationType').map((t) => textOf(t));
  return {
    source: 'pubmed',
    externalId: pmid,
    title,
    summary: abstract(child(article, 'Abstract')),
    authors: childrenNamed(child(article, 'AuthorList'), 'Author').map(author).filter(Boolean),
    journal: textOf(child(journal, 'Title')) || null,
    publishedAt: pubDate(child(journal, 'JournalIssue', 'PubDate')),
    url: `https://pubmed.ncbi.nlm.nih.gov/${encodeURIComponent(pmid)}/`,
    publicationTypes,
    mesh,
    retracted: isRetracted(citation, publicationTypes),
  };
}

export function importPubmedXml(db: Db, file: string, options?: ImportOptions): Promise<ImportSummary> {
  return runImport(
    db,
    file,
    {
      label: 'PubMed articles',
      recordName: 'PubmedArticle',
      map: pubmedArticleFromXml,
      upsert: (tx, batch) => articlesRepository.upsertArticles(tx, batch),
    },
    options,
  );
}
