import AddCommentIcon from '@mui/icons-material/AddCommentOutlined';
import ForumIcon from '@mui/icons-material/Forum';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';
// Discussion pieces reach the drawer only through this lazily loaded module (article-drawer.tsx),
// so none of them weighs on the search page's first paint.
import type { Discussion } from '../api/discussion-keys';
import { useDiscussions } from '../api/get-discussions';
import { DiscussionTitleLine } from './discussion-title-line';
import { useSearchParamsState } from '../../search';
import { ArticleCitedIn } from './article-cited-in';
import { LoadState } from '../../../components/load-state';

/** A discussion in the narrow drawer: its title (the way in), who may read it, and how lively it is. */
function CompactDiscussionCard({ discussion }: { discussion: Discussion }) {
  const { t } = useTranslation();
  const counts = [
    t('discussions.card.comments', { count: discussion.commentsCount }),
    t('discussions.card.members', { count: discussion.membersCount }),
    t('discussions.card.upvotes', { count: discussion.upvotesCount }),
  ];
  return (
    <Card component="article" variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 0.75, '&:last-child': { pb: 2 } }}>
        <DiscussionTitleLine discussion={discussion} headingLevel="h3" variant="subtitle1" fontWeight={600} />
        <Typography variant="body2" color="text.secondary">
          {counts.join(' · ')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The drawer's discussions tab (t=discussions): what people discuss about this article, and a way to start (dm=1). */
export default function ArticleDiscussionsTab({ articleId }: { articleId: string }) {
  const { t } = useTranslation();
  const [, update] = useSearchParamsState();
  const headingId = useId();
  const query = useDiscussions({ articleId });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const discussions = data?.pages.flatMap((page) => page.data) ?? [];

  const start = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<AddCommentIcon />} onClick={() => update({ discussionModel: '1' })}>
      {t('articleDiscussions.start')}
    </Button>
  );

  // The start button appears once the answer is in (with the list, or as the empty state's action),
  // so it never moves from under the pointer when the list arrives.
  const content = (
    <LoadState
      query={query}
      loading={<DelayedSpinner label={t('articleDiscussions.loading')} />}
      errorMessage={t('articleDiscussions.loadFailed')}
      isEmpty={discussions.length === 0}
      empty={
        <EmptyState
          icon={<ForumIcon />}
          title={t('articleDiscussions.emptyTitle')}
          description={t('articleDiscussions.emptyBody')}
          action={start('contained')}
          titleComponent="h3"
        />
      }
    >
      <Box>{start('outlined')}</Box>
      <Stack spacing={1.5}>
        {discussions.map((discussion) => (
          <CompactDiscussionCard key={discussion.id} discussion={discussion} />
        ))}
      </Stack>
      {hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            {t('searchResults.loadMore')}
          </Button>
        </Box>
      )}
    </LoadState>
  );

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('articleDiscussions.title')}
      </Typography>
      {content}
      <ArticleCitedIn articleId={articleId} />
    </Box>
  );
}
