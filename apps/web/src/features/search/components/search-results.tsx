import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Typography } from '@mui/material';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { searchArticlesQueryOptions, type SearchCriteria, type SearchHit } from '../api/search-articles';
import type { SearchUrlPatch } from '../hooks/use-search-params-state';
import { DidYouMean } from './did-you-mean';
import { NothingFoundState, PartlyFoundLine } from './nothing-found';
import { SearchCorrectionLine } from './search-correction-line';
import { SearchDetails } from './search-details';
import { activeFilterCount, SearchFilters, SearchFiltersToggle } from './search-filters';
import { SearchResultItem } from './search-result-item';

interface SearchResultsProps {
  criteria: SearchCriteria;
  selectedId: string | null;
  onSelect: (hit: SearchHit, position: number) => void;
  onSearchTerm: (term: string) => void;
  /** "Search instead for …": the same words, as typed, without the correction. */
  onSearchVerbatim: () => void;
  onFiltersChange: (patch: SearchUrlPatch) => void;
}

/** What a search found: filters, search details, the hits page by page, or why there are none. */
export default function SearchResults({
  criteria,
  selectedId,
  onSelect,
  onSearchTerm,
  onSearchVerbatim,
  onFiltersChange,
}: SearchResultsProps) {
  const { t } = useTranslation();
  // The previous answer stays on screen (dimmed) while a changed search loads, instead of a blank page.
  const query = useInfiniteQuery({ ...searchArticlesQueryOptions(criteria), placeholderData: keepPreviousData });
  const { data, isPlaceholderData, isFetchingNextPage, hasNextPage, fetchNextPage } = query;
  // On a phone the filters start folded unless one is set (a link with filters shows what narrowed it).
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(criteria) > 0);
  const filtersId = useId();

  // One "search used" per settled search; the query text never leaves the device (it can be health-sensitive).
  const tracked = useRef<string | null>(null);
  const settledKey = data && !isPlaceholderData ? JSON.stringify(criteria) : null;
  const total = data?.pages[0]?.meta.total ?? 0;
  // "corrected": the results shown are for a spelling correction ("Showing results for …").
  const corrected = Boolean(data?.pages[0]?.meta.correction);
  useEffect(() => {
    if (settledKey && tracked.current !== settledKey) {
      tracked.current = settledKey;
      track('search_used', { q_length: criteria.q.length, results: total, corrected });
    }
  }, [settledKey, criteria.q.length, total, corrected]);

  // No answer yet, or the first one failed; a next page that failed leaves the hits on screen.
  if (!data)
    return (
      <LoadState
        query={query}
        loading={<DelayedSpinner label={t('searchResults.loading')} />}
        errorTitle={t('searchResults.errorTitle')}
        errorMessage={t('searchResults.errorBody')}
      />
    );

  const meta = data.pages[0]!.meta;
  const hits = data.pages.flatMap((page) => page.data);
  const filtered = activeFilterCount(criteria) > 0;
  const showFilters = hits.length > 0 || filtered;

  return (
    <Box sx={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={isPlaceholderData}>
      {meta.correction && (
        <SearchCorrectionLine
          correction={meta.correction}
          onSearchInstead={() => {
            track('search_instead_clicked', { q_length: criteria.q.length });
            onSearchVerbatim();
          }}
        />
      )}
      {meta.didYouMean && <DidYouMean suggestion={meta.didYouMean} onPick={onSearchTerm} />}
      <SearchDetails mapping={meta.mapping} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, my: { xs: 0.5, sm: 1.5 } }}>
        <Typography role="status" variant="subtitle2" color="text.secondary">
          {t(meta.totalEstimated ? 'searchResults.totalEstimated' : 'searchResults.total', { count: meta.total })}
        </Typography>
        {showFilters && (
          <SearchFiltersToggle criteria={criteria} open={filtersOpen} controls={filtersId} onToggle={() => setFiltersOpen((v) => !v)} />
        )}
      </Box>
      {showFilters && (
        <SearchFilters
          id={filtersId}
          openOnPhone={filtersOpen}
          criteria={criteria}
          facets={meta.facets}
          estimated={meta.facetsEstimated}
          onChange={onFiltersChange}
        />
      )}
      {hits.length > 0 && meta.nothingFound && meta.nothingFound.words.length > 0 && (
        <PartlyFoundLine nothing={meta.nothingFound} onSearchTerm={onSearchTerm} />
      )}
      {hits.length === 0 ? (
        meta.nothingFound ? (
          <NothingFoundState q={criteria.q} nothing={meta.nothingFound} onSearchTerm={onSearchTerm} />
        ) : (
          <EmptyState
            icon={<SearchOffIcon />}
            title={t('search.noResultsTitle')}
            description={t('search.noResultsBody', { term: criteria.q })}
          />
        )
      ) : (
        <Box component="ol" aria-label={t('searchResults.resultsLabel')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {hits.map((hit, index) => (
            <SearchResultItem key={hit.id} hit={hit} selected={hit.id === selectedId} onSelect={() => onSelect(hit, index + 1)} />
          ))}
        </Box>
      )}
      {hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t('searchResults.loadingMore') : t('searchResults.loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
