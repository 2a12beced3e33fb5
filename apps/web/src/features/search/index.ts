/** What other features use of search: the article and search queries, suggestions and the search URL's keys. */
export { articleQueryOptions, useArticle } from './api/get-article';
export { searchArticles, searchArticlesQueryOptions, searchKeys, type SearchHit } from './api/search-articles';
export { useSuggestions, type Suggestion } from './api/suggest';
export { searchUrlKeys, useSearchParamsState } from './hooks/use-search-params-state';
