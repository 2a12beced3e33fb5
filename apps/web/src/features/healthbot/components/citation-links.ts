import { articlePath } from '@wink/contracts/article-references';
import { paths } from '../../../lib/paths';
import type { Citation } from '../api/healthbot-keys';

/**
 * A cited article opened in the search page's drawer, the search page's own URL state (q, sri_id,
 * mo, t): the results list behind it is the search Wink ran, so "more like this" is one look away.
 */
export const articleUrl = (citation: Pick<Citation, 'articleId'>, searchQuery: string | null): string =>
  articlePath(citation.articleId, searchQuery);

export const searchUrl = (query: string) => `${paths.Search()}?${new URLSearchParams({ q: query })}`;

/** `[n]` markers in an answer, split out so each can become a link. */
export function splitCitations(text: string): (string | { n: number })[] {
  const parts: (string | { n: number })[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[(\d{1,2})\]/g)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ n: Number(match[1]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
