import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Divider, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { useCreateComment } from '../api/create-comment';
import type { Discussion } from '../api/discussion-keys';
import { useComments } from '../api/get-comments';
import { useLiveComments } from '../api/use-live-comments';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { privacyAnalytics, type GuardOutcome } from './use-privacy-guard';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { LoadFailed } from '../../../components/load-failed';

const ANCHOR = /^#comment-(.+)$/;

/** The discussion's top-level comments, oldest first, and the box for a new one. */
export function CommentsSection({ discussion }: { discussion: Discussion }) {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const headingId = useId();
  const comments = useComments(discussion.id);
  // New comments arrive on their own (and are announced to screen readers); the refresh button stays
  // for a connection that cannot stay open.
  const [arrival, setArrival] = useState('');
  useLiveComments(discussion.id, (comment) =>
    setArrival(t('comments.arrived', { name: comment.author?.displayName ?? t('comments.deletedAuthor') })),
  );
  const create = useCreateComment(discussion.id);
  const items = comments.data?.pages.flatMap((page) => page.data) ?? [];
  const anchored = ANCHOR.exec(hash)?.[1] ? decodeURIComponent(ANCHOR.exec(hash)![1]!) : null;

  // A link to #comment-{id} (the single comment page, a notification) scrolls to it once it is on the page.
  const anchorPresent = Boolean(anchored && items.some((item) => item.id === anchored));
  useEffect(() => {
    if (!anchorPresent || !anchored) return;
    document.getElementById(`comment-${anchored}`)?.scrollIntoView?.({ block: 'center' });
  }, [anchorPresent, anchored]);

  const post = async (body: string, outcome: GuardOutcome) => {
    await create.mutateAsync({ body });
    track('comment_posted', { is_reply: false, ...privacyAnalytics(outcome) });
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.35rem' }}>
          {t('comments.heading', { count: discussion.commentsCount })}
        </Typography>
        <Tooltip title={t('comments.refresh')}>
          <IconButton aria-label={t('comments.refresh')} onClick={() => void comments.refetch()} disabled={comments.isFetching}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Stack>

      {comments.isError && items.length === 0 && <LoadFailed message={t('comments.loadFailed')} onRetry={() => void comments.refetch()} />}
      {comments.isSuccess && items.length === 0 && <Typography color="text.secondary">{t('comments.empty')}</Typography>}

      <Box role="status" sx={visuallyHidden}>
        {arrival}
      </Box>
      <Stack divider={<Divider flexItem />}>
        {items.map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            highlighted={comment.id === anchored}
            highlightedReplyId={anchored ?? undefined}
            moderator={discussion.membership === 'owner'}
            audience={discussion.accessType}
          />
        ))}
      </Stack>
      {(comments.isPending || comments.hasNextPage) && (
        <Box sx={{ textAlign: 'center', my: 1 }}>
          <Button
            onClick={() => void comments.fetchNextPage()}
            loading={comments.isPending || comments.isFetchingNextPage}
            disabled={!comments.hasNextPage}
          >
            {t('comments.loadMore')}
          </Button>
        </Box>
      )}

      <Box sx={{ mt: 3 }}>
        <CommentComposer label={t('comments.newLabel')} submitLabel={t('comments.post')} audience={discussion.accessType} onSubmit={post} />
      </Box>
    </Box>
  );
}
