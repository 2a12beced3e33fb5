import { searchLookups } from './search-lookups';
import { sampleCounts } from './search-sampling';
import { topHitsQueries } from './search-top-hits';

/**
 * The search module's queries, as one object for the service: counts from samples
 * (search-sampling.ts), exact top hits in tiers (search-top-hits.ts, scored by search-score.ts), and
 * the page's rows and look-ups (search-lookups.ts). Which articles a query finds is search-match.ts;
 * the search documents they are found in are written by search-vectors.ts.
 */
export const searchRepository = { ...sampleCounts, ...topHitsQueries, ...searchLookups };
