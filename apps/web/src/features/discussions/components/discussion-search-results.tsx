import ForumIcon from '@mui/icons-material/Forum';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Stack } from '@mui/material';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
// Discussion pieces reach the search page only through this lazily loaded module (search-page.tsx),
// so none of them weighs on its first paint.
import { discussionsQueryOptions } from '../api/get-discussions';
import { DiscussionCard } from './discussion-card';
import { LoadState } from '../../../components/load-state';

/** qd=1: the box's words searched in discussions (GET api/discussions?q=), newest activity first, a page at a time. */
export default function DiscussionSearchResults({ q }: { q: string }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({ ...discussionsQueryOptions({ q: q || undefined }), placeholderData: keepPreviousData });
  const { data, isPlaceholderData, hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // One "search used" per settled discussion search, like the article search; the words stay on the device.
  const tracked = useRef<string | null>(null);
  const settled = q && data && !isPlaceholderData ? q : null;
  const found = data?.pages[0]?.data.length ?? 0;
  useEffect(() => {
    if (settled && tracked.current !== settled) {
      tracked.current = settled;
      track('search_used', { q_length: settled.length, results: found, target: 'discussions' });
    }
  }, [settled, found]);

  // No answer yet, or the first one failed; a next page that failed leaves the list on screen.
  if (!data)
    return (
      <LoadState
        query={query}
        loading={<DelayedSpinner label={t('discussionSearch.loading')} />}
        errorMessage={t('discussionSearch.loadFailed')}
      />
    );

  const discussions = data.pages.flatMap((page) => page.data);
  if (discussions.length === 0)
    return q ? (
      <EmptyState
        icon={<SearchOffIcon />}
        title={t('discussionSearch.noMatchTitle')}
        description={t('discussionSearch.noMatchBody', { term: q })}
      />
    ) : (
      <EmptyState icon={<ForumIcon />} title={t('discussionSearch.emptyTitle')} description={t('discussionSearch.emptyBody')} />
    );

  return (
    <Box sx={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={isPlaceholderData}>
      <Stack component="section" aria-label={t(q ? 'discussionSearch.resultsLabel' : 'discussionSearch.recentLabel')} spacing={1.5}>
        {discussions.map((discussion) => (
          <DiscussionCard key={discussion.id} discussion={discussion} />
        ))}
      </Stack>
      {hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            {t('searchResults.loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
