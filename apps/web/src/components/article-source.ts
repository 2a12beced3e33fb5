import { t } from '../lib/i18n';

/** Where an article's link leads, by host: the same names as its source, so one place has one name. */
const HOST_SOURCES: [RegExp, string][] = [
  [/(^|\.)pubmed\.ncbi\.nlm\.nih\.gov$/, 'pubmed'],
  [/(^|\.)ncbi\.nlm\.nih\.gov$/, 'pubmed'],
  [/(^|\.)medlineplus\.gov$/, 'medlineplus'],
];

/**
 * The one name of an article's source (pubmed, medlineplus, curated) on every surface: results,
 * drawer, cards, collections, shared collections, citations. Unknown values are shown as they came.
 */
export function sourceName(source: string): string {
  switch (source) {
    case 'pubmed':
      return t('sources.pubmed');
    case 'medlineplus':
      return t('sources.medlineplus');
    case 'curated':
      return t('sources.curated');
    default:
      return source;
  }
}

/**
 * What a "Read at …" button names: the source the link leads to, by the same name as above
 * (a Wink Health summary links out to MedlinePlus, say), else the link's host.
 */
export function linkDestinationName(url: string, fallback: string): string {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return fallback;
  }
  const known = HOST_SOURCES.find(([pattern]) => pattern.test(host));
  return known ? sourceName(known[1]) : host;
}
