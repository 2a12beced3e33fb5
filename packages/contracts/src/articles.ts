import { z } from 'zod';
import { resource } from './common';

/** Where an article comes from; `curated` are the plain-language pages we write ourselves. */
export const articleSource = z.enum(['pubmed', 'medlineplus', 'curated']);

/** A MeSH descriptor as an article is tagged with it; `major` is PubMed's asterisk (a main topic). */
export const meshTermRef = z.object({ ui: z.string(), name: z.string(), major: z.boolean() });

/** What lists show of an article (search hits, collection items): everything but the long text. */
export const articleSummary = z.object({
  id: z.uuid(),
  source: articleSource,
  external_id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  journal: z.string().nullable(),
  published_at: z.string().nullable().describe('YYYY-MM-DD'),
  url: z.string().nullable().describe('The page at the source, external'),
  publication_types: z.array(z.string()),
});

/** GET articles/{id}: the whole article with its MeSH terms, major topics first. */
export const article = articleSummary.extend({ summary: z.string(), mesh_terms: z.array(meshTermRef) });
export const articleResponse = resource(article);
export const articleParams = z.object({ id: z.string().max(64) });

const descriptorRef = z.object({ ui: z.string(), name: z.string() });

/** GET mesh/{ui}: a descriptor with its place in the tree (direct broader and narrower descriptors). */
export const meshDescriptor = z.object({
  ui: z.string(),
  name: z.string(),
  tree_numbers: z.array(z.string()),
  scope_note: z.string(),
  entry_terms: z.array(z.string()),
  broader: z.array(descriptorRef),
  narrower: z.array(descriptorRef),
});
export const meshDescriptorResponse = resource(meshDescriptor);
export const meshParams = z.object({ ui: z.string().max(32) });

export const SEARCH_QUERY_MAX = 2000;

/** GET search: websearch syntax ("quoted phrases", or, -exclude); an empty q is an empty list. */
export const searchQuery = z.object({
  q: z.string().max(SEARCH_QUERY_MAX).optional(),
  cursor: z.string().max(500).optional(),
  source: articleSource.optional(),
  publication_type: z.string().max(200).optional(),
  from: z.iso.date().optional().describe('Published on or after, YYYY-MM-DD'),
  to: z.iso.date().optional().describe('Published on or before, YYYY-MM-DD'),
  verbatim: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: search the query as typed, without applying a spelling correction ("Search instead for …")'),
});

/**
 * One hit. `snippet` is plain text (never HTML): the matched words sit between « and » (any « or »
 * of the source text is turned into a plain quote first), so a client renders text nodes and wraps
 * the marked parts in <mark> itself.
 */
export const searchHit = articleSummary.extend({ snippet: z.string(), mesh_terms: z.array(meshTermRef) });

/** Which kind of lay-vocabulary term the words matched: an everyday name, an abbreviation, a spelling. */
export const layKind = z.enum(['lay', 'abbreviation', 'spelling']);

/**
 * A descriptor the query was mapped to (PubMed's "search details"); `matched` = the query words it came
 * from. `lay`: the words matched this term of the lay vocabulary ("heart attack", "IBS", "diarrhoea"),
 * not one of MeSH's own. `corrected_from`: the words as typed, when `matched` is their spelling correction.
 */
export const searchMapping = z.object({
  ui: z.string(),
  name: z.string(),
  matched: z.string(),
  lay: z.object({ term: z.string(), kind: layKind }).optional(),
  corrected_from: z.string().optional(),
});

/** A spelling correction applied at once: the results are for `searched`; `typed` is what the person wrote. */
export const searchCorrection = z.object({ typed: z.string(), searched: z.string() });

const facetCount = z.object({ value: z.string(), count: z.number().int() });

export const searchResponse = z.object({
  data: z.array(searchHit),
  meta: z.object({
    next_cursor: z.string().nullable(),
    total: z.number().int(),
    /**
     * The query matched more articles than a search ranks at once (SEARCH_HIT_BUDGET): the hits are the
     * best of an even sample of the corpus and `total` is estimated from it, to two significant figures.
     */
    total_estimated: z.boolean(),
    mapping: z.array(searchMapping),
    /**
     * Set when the query (maps to nothing and) found little, and a correction from the vocabulary was
     * sure enough to search instead: "Showing results for `searched` · Search instead for `typed`".
     */
    correction: searchCorrection.nullable(),
    /** A correction from the vocabulary not sure enough to apply, only when the query found nothing. */
    did_you_mean: z.string().nullable(),
    /** Counts per value for the current query; each facet applies the other filters, not its own. */
    facets: z.object({ source: z.array(facetCount), publication_type: z.array(facetCount) }),
    /** The facet counts are estimated from a sample (as `total_estimated`, for every hit in the date range). */
    facets_estimated: z.boolean(),
    /**
     * Set when part of the query found nothing (a question's other parts may still have found pages):
     * the words that found nothing, and the nearest topic that has pages, to offer instead.
     */
    nothing_found: z
      .object({
        words: z.array(z.string()),
        nearest_topic: z.object({ ui: z.string(), name: z.string() }).nullable(),
      })
      .nullable()
      .optional(),
  }),
});

/** GET search/suggest: up to 8 MeSH names or entry terms for the search box. */
export const suggestQuery = z.object({ q: z.string().max(200).optional() });
export const suggestion = z.object({
  text: z.string().describe('The name or entry term that matched'),
  ui: z.string(),
  name: z.string().describe("The descriptor's preferred name"),
});
export const suggestResponse = z.object({ data: z.array(suggestion) });

export type ArticleSourceValue = z.infer<typeof articleSource>;
export type MeshTermRef = z.infer<typeof meshTermRef>;
export type ArticleSummary = z.infer<typeof articleSummary>;
export type Article = z.infer<typeof article>;
export type MeshDescriptor = z.infer<typeof meshDescriptor>;
export type SearchQuery = z.infer<typeof searchQuery>;
export type SearchHit = z.infer<typeof searchHit>;
export type SearchMapping = z.infer<typeof searchMapping>;
export type SearchCorrection = z.infer<typeof searchCorrection>;
export type LayKind = z.infer<typeof layKind>;
export type SearchResponse = z.infer<typeof searchResponse>;
export type Suggestion = z.infer<typeof suggestion>;
