import { z } from 'zod';

/**
 * Best Match: the weights of every factor of a hit's score (docs/design.md, "Search", "Best Match"):
 *
 *   score = text · ts_rank(title 1, MeSH 0.4, summary 0.2)      the words: at most `text`; when the title
 *                                                               lacks the query, at most 0.4 · text if the
 *                                                               MeSH words match it, else 0.2 · text
 *         + title       when the whole query matches the title
 *         + major | minor   tagged with a mapped descriptor as a major topic, or a minor one
 *         + plain       a plain-language source (MedlinePlus, our curated pages) for a lay query
 *         + guideline | review   by publication type; single studies get nothing
 *         + recency · 0.5^(age in years / recencyHalfLife)    nothing for an article without a date
 *
 * Every factor is bounded, which is what lets search find the exact best hits without ranking all of
 * them (search-repository.ts, "Exact top hits").
 */
export interface Ranking {
  text: number;
  title: number;
  major: number;
  minor: number;
  plain: number;
  guideline: number;
  review: number;
  recency: number;
  recencyHalfLife: number;
}

const weight = (fallback: number) => z.coerce.number().min(0).max(10).default(fallback);

/** The environment variables of the weights, with their defaults; config.ts merges them into its schema. */
export const rankingEnv = {
  SEARCH_RANK_TEXT: weight(3),
  SEARCH_RANK_TITLE: weight(1),
  SEARCH_RANK_MAJOR_TOPIC: weight(0.4),
  SEARCH_RANK_MINOR_TOPIC: weight(0.1),
  SEARCH_RANK_PLAIN_LANGUAGE: weight(0.6),
  SEARCH_RANK_GUIDELINE: weight(0.3),
  SEARCH_RANK_REVIEW: weight(0.2),
  SEARCH_RANK_RECENCY: weight(0.3),
  SEARCH_RANK_RECENCY_HALF_LIFE_YEARS: z.coerce.number().positive().max(1000).default(10),
};

type RankingEnv = z.infer<z.ZodObject<typeof rankingEnv>>;

export function rankingOf(env: RankingEnv): Ranking {
  return {
    text: env.SEARCH_RANK_TEXT,
    title: env.SEARCH_RANK_TITLE,
    major: env.SEARCH_RANK_MAJOR_TOPIC,
    minor: env.SEARCH_RANK_MINOR_TOPIC,
    plain: env.SEARCH_RANK_PLAIN_LANGUAGE,
    guideline: env.SEARCH_RANK_GUIDELINE,
    review: env.SEARCH_RANK_REVIEW,
    recency: env.SEARCH_RANK_RECENCY,
    recencyHalfLife: env.SEARCH_RANK_RECENCY_HALF_LIFE_YEARS,
  };
}

/** The weights from an environment (the defaults for what it leaves out), for tools outside the server (bench:relevance). */
export const rankingFromEnv = (env: Record<string, string | undefined>) => rankingOf(z.object(rankingEnv).parse(env));

export const DEFAULT_RANKING: Ranking = rankingFromEnv({});

/**
 * A lay query is one written in everyday words: it did not reach a descriptor through that descriptor's
 * own name of two words or more ("myocardial infarction" is a clinician's; "heart attack", "asthma",
 * "sleep" are anyone's). Plain-language sources rank higher for lay queries.
 */
export function isLayQuery(mapping: { name: string; matched: string }[], normalize: (term: string) => string): boolean {
  return !mapping.some((m) => m.matched === normalize(m.name) && m.matched.includes(' '));
}
