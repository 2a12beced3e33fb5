import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Box, Typography } from '@mui/material';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { withFirstViewData } from '../../../lib/first-view-data';
import { discussionsQueryOptions } from '../../discussions';
import { searchArticlesQueryOptions } from '../api/search-articles';
import { parseSearchUrl, searchCriteriaOf, searchTermOf, useSearchParamsState, type DrawerTab } from '../hooks/use-search-params-state';
import { QuietBoundary } from '../../../components/dialogs/quiet-boundary';
import { lazyWithMessages } from './lazy-with-messages';
import { isTermTooLong, SearchBox } from './search-box';

// Results, filters, the drawer and the discussion parts load on demand: the first paint is the
// heading, the box and the intro. The discussion parts come through one module (discussion-parts.tsx).
const SearchResults = lazyWithMessages(() => import('./search-results'));
const ArticleDrawer = lazyWithMessages(() => import('./article-drawer'));
type Parts = typeof import('./discussion-parts');
/** A discussion part, the way React.lazy wants it. */
function part<K extends keyof Parts>(name: K) {
  return () => import('./discussion-parts').then((m): { default: Parts[K] } => ({ default: m[name] }));
}
const SearchModeToggle = lazyWithMessages(part('SearchModeToggle'));
const DiscussionSearchResults = lazyWithMessages(part('DiscussionSearchResults'));
const StartDiscussionDialog = lazyWithMessages(part('StartDiscussionDialog'));

/** Once shown, an overlay stays mounted, so closing it animates instead of vanishing. */
function useStaysMounted(visible: boolean) {
  const [mounted, setMounted] = useState(visible);
  if (visible && !mounted) setMounted(true);
  return mounted;
}

/** Renders its children from the task after the first paint, so what they load is not first-render JavaScript. */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPainted(true));
    return () => clearTimeout(timer);
  }, []);
  return painted && children;
}

/** Home (docs/product.md): the search box, what the search found, and the drawer for the selected article. */
function SearchPage() {
  const { t } = useTranslation();
  const [state, update] = useSearchParamsState();
  // A term over the limit (a link can carry any length) is not sent: the box says the limit instead of
  // the server's 422 turning into "Something went wrong".
  const tooLong = isTermTooLong(state.q);
  const term = searchTermOf(state);
  const criteria = searchCriteriaOf(state);
  const articleId = state.selectedResultId;
  const drawerVisible = state.drawerOpen && articleId !== null;
  const drawerMounted = useStaysMounted(drawerVisible);
  // dm (the discussion model): starting a discussion about the selected article.
  const dialogVisible = Boolean(state.discussionModel && articleId);
  const dialogMounted = useStaysMounted(dialogVisible);

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('search.title')}
      </Typography>
      <SearchBox
        term={state.q}
        suggest={!state.searchDiscussions}
        onTermChange={(next, { replace }) => update({ term: next, verbatim: null }, { replace })}
      />
      <Box sx={{ mt: 1.5, minHeight: 38 }}>
        <AfterFirstPaint>
          {/* An extra: if it cannot load, the search page goes on without it. */}
          <QuietBoundary>
            <Suspense fallback={null}>
              <SearchModeToggle />
            </Suspense>
          </QuietBoundary>
        </AfterFirstPaint>
      </Box>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {state.searchDiscussions ? (
          <Suspense fallback={null}>
            <DiscussionSearchResults q={term} />
          </Suspense>
        ) : tooLong ? null : criteria ? (
          <Suspense fallback={null}>
            <SearchResults
              criteria={criteria}
              selectedId={articleId}
              onFiltersChange={(patch) => update(patch)}
              onSearchTerm={(next) => update({ term: next, verbatim: null })}
              onSearchVerbatim={() => update({ verbatim: '1' })}
              onSelect={(hit, position) => {
                track('sri_clicked', { article_id: hit.id, position });
                update({ selectedResult: hit.id, drawerOpen: '1', tab: 'article' });
              }}
            />
          </Suspense>
        ) : (
          <EmptyState icon={<TravelExploreIcon />} title={t('search.introTitle')} description={t('search.introBody')} />
        )}
      </Box>
      {drawerMounted && articleId && (
        <Suspense fallback={null}>
          <ArticleDrawer
            articleId={articleId}
            open={drawerVisible}
            tab={state.tab}
            onTabChange={(tab: DrawerTab) => update({ tab }, { replace: true })}
            onClose={() => update({ drawerOpen: null, tab: null })}
          />
        </Suspense>
      )}
      {dialogMounted && articleId && (
        <Suspense fallback={null}>
          <StartDiscussionDialog articleId={articleId} open={dialogVisible} />
        </Suspense>
      )}
    </Box>
  );
}

/** A shared or reloaded search arrives with its results in the server's HTML (their first page). */
export default withFirstViewData(SearchPage, async ({ url, queryClient }) => {
  const state = parseSearchUrl(url.searchParams);
  const criteria = searchCriteriaOf(state);
  if (criteria) await queryClient.prefetchInfiniteQuery(searchArticlesQueryOptions(criteria));
  // qd=1: the discussions found by the same words (all of them, newest first, without words).
  else if (state.searchDiscussions)
    await queryClient.prefetchInfiniteQuery(discussionsQueryOptions({ q: searchTermOf(state) || undefined }));
});
