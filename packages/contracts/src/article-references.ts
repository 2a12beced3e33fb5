import { isUuid } from './ids';
/**
 * Article addresses and kinds of evidence, without zod: what a page that only links
 * to articles, or reads the addresses out of a text, needs (the wire's shapes are in citations.ts).
 */

type ArticleSource = 'pubmed' | 'medlineplus' | 'curated';

/** At most this many articles are shown as cited by one text: the first ones, in the order written. */
export const MAX_CITATIONS = 10;

export const EVIDENCE_KINDS = ['systematic_review', 'guideline', 'review', 'single_study', 'patient_handout', 'opinion'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

const SYSTEMATIC = ['Systematic Review', 'Meta-Analysis', 'Network Meta-Analysis'];
const GUIDELINE = ['Guideline', 'Practice Guideline', 'Consensus Development Conference', 'Consensus Development Conference, NIH'];
const OPINION = ['Editorial', 'Letter', 'Comment', 'News', 'Newspaper Article', 'Interview'];
const PATIENT = ['Patient Education Handout'];

/**
 * What kind of evidence an article is, from MEDLINE's publication types and its source: a weighing of
 * many studies first, then a guideline, a narrative review, a plain-language handout (MedlinePlus and
 * our own pages), an opinion piece, and otherwise one study's report.
 */
export function evidenceOf(source: ArticleSource, publicationTypes: readonly string[]): EvidenceKind {
  const has = (names: string[]) => publicationTypes.some((type) => names.includes(type));
  if (has(SYSTEMATIC)) return 'systematic_review';
  if (has(GUIDELINE)) return 'guideline';
  if (source !== 'pubmed' || has(PATIENT)) return 'patient_handout';
  if (publicationTypes.includes('Review')) return 'review';
  if (publicationTypes.length > 0 && publicationTypes.every((type) => OPINION.includes(type))) return 'opinion';
  return 'single_study';
}

/** An article address found in a text: one of ours, a PubMed id or a MedlinePlus page. */
export type ArticleReference = { id: string } | { pmid: string } | { medlineplus: string };

const ADDRESS = /(?:https?:\/\/[^\s<>()[\]"'`]+|\/search\?[^\s<>()[\]"'`]+)/gi;

/** The article one address names, if it names one. */
export function referenceOf(address: string): ArticleReference | null {
  let url: URL;
  try {
    url = new URL(address.replace(/[.,;:!?]+$/, ''), 'http://relative.invalid');
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const id = url.searchParams.get('sri_id');
  if (url.pathname === '/search' && id && isUuid(id)) return { id: id.toLowerCase() };
  const pmid =
    host === 'pubmed.ncbi.nlm.nih.gov'
      ? /^\/(\d{1,9})\/?$/.exec(url.pathname)
      : host === 'ncbi.nlm.nih.gov'
        ? /^\/pubmed\/(\d{1,9})\/?$/.exec(url.pathname)
        : null;
  if (pmid) return { pmid: pmid[1]! };
  if (host === 'medlineplus.gov' && /^\/[\w/.-]+\.html$/.test(url.pathname))
    return { medlineplus: `https://medlineplus.gov${url.pathname}` };
  return null;
}

/** Every article address in a text, in the order written, each once. */
export function articleReferences(text: string): ArticleReference[] {
  const seen = new Set<string>();
  const references: ArticleReference[] = [];
  for (const [address] of text.matchAll(ADDRESS)) {
    const reference = referenceOf(address);
    const key = reference && JSON.stringify(reference);
    if (!reference || seen.has(key!)) continue;
    seen.add(key!);
    references.push(reference);
  }
  return references;
}

/**
 * Our own address of an article: the search page with its drawer open on it, over the results of a
 * search when one is given (the search page's URL state: q, sri_id, mo, t).
 */
export function articlePath(articleId: string, searchQuery?: string | null): string {
  const params = new URLSearchParams(searchQuery ? { q: searchQuery } : {});
  params.set('sri_id', articleId);
  params.set('mo', '1');
  params.set('t', 'article');
  return `/search?${params}`;
}
