import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Box, Typography } from '@mui/material';
import { Suspense, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParamsState, type DrawerTab } from '../hooks/use-search-params-state';
import { lazyWithMessages } from './lazy-with-messages';
import { SearchBox } from './search-box';

// Results, filters and the drawer load on demand: the first paint is the heading, the box and the intro.
const SearchResults = lazyWithMessages(() => import('./search-results'));
const ArticleDrawer = lazyWithMessages(() => import('./article-drawer'));
const DiscussionsSearchNotice = lazyWithMessages(() => import('./discussions-search-notice'));

/** Home (seed §2): the search box, what the search found, and the drawer for the selected article. */
export default function SearchPage() {
  const { t } = useTranslation();
  const [state, update] = useSearchParamsState();
  const term = state.q.trim();
  const drawerVisible = state.drawerOpen && state.selectedResultId !== null;
  // Once loaded, the drawer stays mounted so closing it animates instead of vanishing.
  const [drawerMounted, setDrawerMounted] = useState(drawerVisible);
  if (drawerVisible && !drawerMounted) setDrawerMounted(true);

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('search.title')}
      </Typography>
      <SearchBox
        term={state.q}
        suggest={!state.searchDiscussions}
        onTermChange={(next, { replace }) => update({ term: next }, { replace })}
      />
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {state.searchDiscussions ? (
          <Suspense fallback={null}>
            <DiscussionsSearchNotice onSearchArticles={() => update({ searchDiscussions: null })} />
          </Suspense>
        ) : term ? (
          <Suspense fallback={null}>
            <SearchResults
              criteria={{ q: term, source: state.source, publicationType: state.publicationType, from: state.from, to: state.to }}
              selectedId={state.selectedResultId}
              onFiltersChange={(patch) => update(patch)}
              onSearchTerm={(next) => update({ term: next })}
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
      {drawerMounted && state.selectedResultId && (
        <Suspense fallback={null}>
          <ArticleDrawer
            articleId={state.selectedResultId}
            open={drawerVisible}
            tab={state.tab}
            onTabChange={(tab: DrawerTab) => update({ tab }, { replace: true })}
            onClose={() => update({ drawerOpen: null, tab: null })}
          />
        </Suspense>
      )}
    </Box>
  );
}
