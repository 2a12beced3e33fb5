import { Box, Button, Stack } from '@mui/material';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';
import { LoadState } from '../../../components/load-state';

interface ProfileListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<{ data: T[] }>>;
  /** Names the list for screen readers. */
  label: string;
  empty: { icon: ReactNode; title: string; description: string };
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/**
 * One of the profile's sections: items newest first, more as the end scrolls into view (or on the
 * button, which stays for keyboards and where IntersectionObserver is missing), and its designed empty state.
 */
export function ProfileList<T>({ query, label, empty, keyOf, renderItem }: ProfileListProps<T>) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useRef(() => {});
  loadMore.current = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadMore.current(), {
      rootMargin: '400px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage]);

  const items = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <LoadState
      query={query}
      loading={<DelayedSpinner />}
      errorMessage={t('profile.listFailed')}
      isEmpty={items.length === 0}
      empty={<EmptyState icon={empty.icon} title={empty.title} description={empty.description} />}
    >
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </Stack>
      <div ref={sentinel} />
      {hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => loadMore.current()} loading={isFetchingNextPage}>
            {t('profile.loadMore')}
          </Button>
        </Box>
      )}
    </LoadState>
  );
}
