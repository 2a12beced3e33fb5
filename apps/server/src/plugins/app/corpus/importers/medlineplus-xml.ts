import type { Db } from '../../../../db/client';
import { articlesRepository, type ArticleInput } from '../articles-repository';
import { runImport, type ImportOptions, type ImportSummary } from './run-import';
import { childrenNamed, textOf, type XmlNode } from './xml-records';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Tags inside a run of text ("emotional <a …>stress</a>, boredom"): they go without leaving a space. */
const INLINE_TAG = /<\/?(a|abbr|b|cite|code|em|i|small|span|strong|sub|sup|u)\b[^>]*>/gi;

/** `full-summary` is HTML escaped inside XML: after parsing it is still markup, which we flatten to text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|li|h\d)>/gi, '\n')
    .replace(INLINE_TAG, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
      if (code[0] === '#') {
        const n = code[1]?.toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
        return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
      }
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

/** MM/DD/YYYY, as MedlinePlus writes `date-created`. */
function usDate(text: string | undefined): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const [, m, d, y] = match;
  return `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
}

/**
 * One MedlinePlus `health-topic` as an article, source `medlineplus`, keyed by its topic id.
 * Spanish topics are skipped: search is built on the English text configuration. Other names
 * ("also called") go into the summary so that they are found too.
 */
export function medlinePlusTopicFromXml(topic: XmlNode): ArticleInput | null {
  const { id, title, url, language } = topic.attributes;
  if (!id || !title?.trim() || (language && language !== 'English')) return null;
  const alsoCalled = childrenNamed(topic, 'also-called').map((n) => textOf(n));
  const summary = htmlToText(
    childrenNamed(topic, 'full-summary')
      .map((n) => textOf(n))
      .join(' '),
  );
  const mesh = childrenNamed(topic, 'mesh-heading').flatMap((heading) =>
    childrenNamed(heading, 'descriptor').flatMap((d) => (d.attributes.id ? [{ ui: d.attributes.id, major: true }] : [])),
  );
  return {
    source: 'medlineplus',
    externalId: id,
    title: title.trim(),
    summary: alsoCalled.length > 0 ? `Also called: ${alsoCalled.join(', ')}.\n\n${summary}` : summary,
    authors: [],
    journal: 'MedlinePlus',
    publishedAt: usDate(topic.attributes['date-created']),
    url: url?.trim() || null,
    publicationTypes: ['Patient Education Handout'],
    mesh,
  };
}

export function importMedlinePlusXml(db: Db, file: string, options?: ImportOptions): Promise<ImportSummary> {
  return runImport(
    db,
    file,
    {
      label: 'MedlinePlus topics',
      recordName: 'health-topic',
      map: medlinePlusTopicFromXml,
      upsert: (tx, batch) => articlesRepository.upsertArticles(tx, batch),
    },
    options,
  );
}
