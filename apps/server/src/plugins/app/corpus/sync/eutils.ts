import type { XmlNode } from '../importers/xml-records';
import { child, childrenNamed, textOf, xmlRecordsOfText } from '../importers/xml-records';
import { PoliteFetch, UpstreamError, type PoliteFetchOptions } from './polite-fetch';

/** NCBI's limits: 3 requests a second without an API key, 10 with one. */
export const NCBI_RATE = { withoutKey: 3, withKey: 10 } as const;

/**
 * PubMed's esearch hands out at most the first 10,000 records of a search (history server included),
 * so a broader search is fetched in date windows that each hold fewer.
 */
export const ESEARCH_LIMIT = 9_999;

export interface EutilsSettings {
  baseUrl: string;
  tool: string;
  email: string;
  apiKey?: string | undefined;
}

/** A search kept on NCBI's history server, to be fetched page by page. */
export interface SearchResult {
  count: number;
  webEnv: string;
  queryKey: string;
  /** The first page of PMIDs (as many as asked for with retmax). */
  ids: string[];
}

/** A date window of a search, on the date PubMed last revised a record (mdat), as YYYY/MM/DD. */
export interface DateWindow {
  from: string;
  to: string;
}

/** esearch's answer (XML, as NCBI documents it): its figures, history keys and first PMIDs, or its error. */
export async function parseEsearch(body: string): Promise<SearchResult> {
  const [result] = await xmlRecordsOfText(body, 'eSearchResult');
  if (!result) throw new UpstreamError('esearch answered without an eSearchResult', null);
  const error = textOf(child(result, 'ERROR'));
  // NCBI's own errors (an unreadable query) are the query's fault: retrying would only repeat them.
  if (error) throw new UpstreamError(`esearch: ${error}`, 400);
  return {
    count: Number(textOf(child(result, 'Count'))),
    webEnv: textOf(child(result, 'WebEnv')),
    queryKey: textOf(child(result, 'QueryKey')),
    ids: childrenNamed(child(result, 'IdList'), 'Id').map((n) => textOf(n)),
  };
}

/**
 * NCBI's E-utilities as NCBI asks them to be used: `tool` and `email` (and the API key, when there is
 * one) on every request, within the rate limit, retried with backoff when NCBI is busy.
 */
export class Eutils {
  private readonly http: PoliteFetch;

  constructor(
    private readonly settings: EutilsSettings,
    options: Partial<PoliteFetchOptions> = {},
  ) {
    this.http = new PoliteFetch({ perSecond: settings.apiKey ? NCBI_RATE.withKey : NCBI_RATE.withoutKey, ...options });
  }

  private url(utility: 'esearch' | 'efetch', params: Record<string, string | number>): URL {
    const url = new URL(`${this.settings.baseUrl.replace(/\/$/, '')}/${utility}.fcgi`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
    url.searchParams.set('tool', this.settings.tool);
    url.searchParams.set('email', this.settings.email);
    if (this.settings.apiKey) url.searchParams.set('api_key', this.settings.apiKey);
    return url;
  }

  /** Runs a PubMed search within a window of revision dates, kept on the history server; `retmax` PMIDs come back with it. */
  search(term: string, window: DateWindow, retmax = 0): Promise<SearchResult> {
    const params = { db: 'pubmed', term, usehistory: 'y', retmax, datetype: 'mdat', mindate: window.from, maxdate: window.to };
    return this.http.get(this.url('esearch', params), parseEsearch);
  }

  /** One batch of a kept search's records as PubmedArticle elements; an answer cut short fails to parse and is fetched again. */
  fetchBatch(search: Pick<SearchResult, 'webEnv' | 'queryKey'>, retstart: number, retmax: number): Promise<XmlNode[]> {
    const params = { db: 'pubmed', WebEnv: search.webEnv, query_key: search.queryKey, retstart, retmax, retmode: 'xml' };
    return this.http.get(this.url('efetch', params), (body) => xmlRecordsOfText(body, 'PubmedArticle'));
  }
}
