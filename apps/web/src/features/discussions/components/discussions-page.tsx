import AddCommentIcon from '@mui/icons-material/AddComment';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, OutlinedInput, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import type { DiscussionFilters, DiscussionScope } from '../api/discussion-keys';
import { discussionsQueryOptions, useDiscussions } from '../api/get-discussions';
import { withFirstViewData } from '../../../lib/first-view-data';
import { PlanRequiredPanel, usePermissionGate, planDecisionOf } from '../../subscriptions';
import { DiscussionCard } from './discussion-card';
import { DiscussionsEmptyState } from './discussions-empty-state';
import { DiscussionCardSkeletons } from './discussion-skeletons';
import { useLoadMoreSentinel } from '../../../lib/use-load-more-sentinel';
import { LoadState } from '../../../components/load-state';

const SCOPES: DiscussionScope[] = ['all', 'mine', 'joined'];
/** Typing pauses this long before the URL (and the request) follow. */
export const SEARCH_DEBOUNCE_MS = 400;

function readScope(value: string | null): DiscussionScope {
  return SCOPES.includes(value as DiscussionScope) ? (value as DiscussionScope) : 'all';
}

/** The list the URL asks for: the words searched (trimmed, none when blank) and the scope. */
function listFilters(params: URLSearchParams): DiscussionFilters & { scope: DiscussionScope } {
  return { q: (params.get('q') ?? '').trim() || undefined, scope: readScope(params.get('scope')) };
}

/** /discussions: search and scope live in the URL (?q=, ?scope=) so back, reload and links restore the view. */
function DiscussionsPage() {
  const { t } = useTranslation();
  const gate = usePermissionGate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const filters = listFilters(params);
  const { scope } = filters;
  const [draft, setDraft] = useState(q);

  // The URL changes from outside too (back, a link): the box follows it, keeping a trailing space being typed.
  useEffect(() => setDraft((current) => (current.trim() === q ? current : q)), [q]);

  useEffect(() => {
    if (draft.trim() === q.trim()) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (draft.trim()) next.set('q', draft.trim());
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, q, setParams]);

  const setScope = (next: DiscussionScope) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'all') updated.delete('scope');
      else updated.set('scope', next);
      return updated;
    });

  const discussions = useDiscussions(filters);
  const items = discussions.data?.pages.flatMap((page) => page.data) ?? [];
  const canLoadMore = discussions.hasNextPage && !discussions.isFetchingNextPage;
  const sentinel = useLoadMoreSentinel<HTMLDivElement>(() => {
    if (canLoadMore) void discussions.fetchNextPage();
  }, canLoadMore);

  const planDecision = discussions.isError && items.length === 0 ? planDecisionOf(discussions.error) : null;
  // A refusal for want of a plan offers the plans instead of a retry.
  const content = planDecision ? (
    <PlanRequiredPanel ability={planDecision.ability} />
  ) : (
    <LoadState
      query={discussions}
      loading={<DiscussionCardSkeletons />}
      errorMessage={t('discussions.list.loadFailed')}
      isEmpty={items.length === 0}
      empty={<DiscussionsEmptyState scope={scope} searching={Boolean(filters.q)} />}
    >
      <Stack component="section" aria-label={t(`discussions.list.scope.${scope}`)} spacing={1.5}>
        {items.map((discussion) => (
          <DiscussionCard key={discussion.id} discussion={discussion} />
        ))}
      </Stack>
    </LoadState>
  );

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h1">{t('discussions.title')}</Typography>
        <Button
          component={RouterLink}
          to={paths.DiscussionsCreate()}
          // Writing needs a plan that writes: the plans are offered before the form, never after it is filled in.
          onClick={(event: MouseEvent) => {
            if (!gate('write', () => undefined)) event.preventDefault();
          }}
          variant="contained"
          startIcon={<AddCommentIcon />}
        >
          {t('discussions.start')}
        </Button>
      </Stack>
      {/* OutlinedInput named by aria-label, as the search page's box: TextField would bring its label and,
          through Select, the whole menu stack onto this page's first paint. */}
      <OutlinedInput
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={t('discussions.list.searchPlaceholder')}
        inputProps={{ 'aria-label': t('discussions.list.searchLabel'), maxLength: 200, enterKeyHint: 'search' }}
        startAdornment={
          <Box component="span" aria-hidden sx={{ display: 'flex', mr: 1, color: 'action.active' }}>
            <SearchIcon />
          </Box>
        }
      />
      <Tabs value={scope} onChange={(_event, value: DiscussionScope) => setScope(value)} aria-label={t('discussions.list.scopes')}>
        {SCOPES.map((value) => (
          <Tab key={value} value={value} label={t(`discussions.list.scope.${value}`)} />
        ))}
      </Tabs>
      {content}
      {discussions.hasNextPage && (
        <Box ref={sentinel} sx={{ textAlign: 'center' }}>
          <Button onClick={() => void discussions.fetchNextPage()} loading={discussions.isFetchingNextPage}>
            {t('discussions.list.loadMore')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

export default withFirstViewData(DiscussionsPage, ({ url, queryClient }) =>
  queryClient.prefetchInfiniteQuery(discussionsQueryOptions(listFilters(url.searchParams))),
);
