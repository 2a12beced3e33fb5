import { Box, Breadcrumbs, Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { withFirstViewData } from '../../../lib/first-view-data';
import { commentThreadQueryOptions, useCommentThread } from '../api/get-comment-thread';
import { CommentItem } from './comment-item';
import { DiscussionSkeleton } from './discussion-skeletons';
import { DiscussionUnavailable } from './discussion-unavailable';
import { planDecisionOf } from '../../subscriptions';
import { DiscussionPlanGate } from './discussion-plan-gate';
import { LoadFailed } from '../../../components/load-failed';

/** /discussions/{id}/comments/{commentId}: one comment with its replies, and the way back to the discussion. */
function CommentPage() {
  const { t } = useTranslation();
  const { id = '', commentId = '' } = useParams();
  const thread = useCommentThread(id, commentId);

  const planDecision = thread.isError ? planDecisionOf(thread.error) : null;
  if (planDecision) return <DiscussionPlanGate ability={planDecision.ability} />;
  if (thread.isError && thread.error instanceof ApiError && [403, 404].includes(thread.error.status)) return <DiscussionUnavailable />;
  if (thread.isPending) {
    return (
      <Stack spacing={2}>
        <BackButton fallback={paths.DiscussionsShow(id)} />
        <DiscussionSkeleton />
      </Stack>
    );
  }
  if (thread.isError) {
    return (
      <Stack spacing={2}>
        <BackButton fallback={paths.DiscussionsShow(id)} />
        <LoadFailed message={t('comments.threadLoadFailed')} onRetry={() => void thread.refetch()} />
      </Stack>
    );
  }

  const { data: threadComment, meta } = thread.data;
  const { replies, ...comment } = threadComment;
  const discussion = meta.discussion;
  const authorName = comment.author?.displayName ?? t('comments.deletedAuthor');
  return (
    <Stack spacing={2}>
      <Breadcrumbs aria-label={t('comments.breadcrumb')}>
        <Link component={RouterLink} to={paths.Discussions()} underline="hover" color="inherit">
          {t('discussions.title')}
        </Link>
        <Link component={RouterLink} to={paths.DiscussionsShow(discussion.id)} underline="hover" color="inherit">
          {discussion.title}
        </Link>
        <Typography color="text.primary" aria-current="page">
          {t('comments.singleTitle', { name: authorName })}
        </Typography>
      </Breadcrumbs>
      <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
        {t('comments.singleTitle', { name: authorName })}
      </Typography>
      <Box>
        <CommentItem
          key={comment.id}
          comment={comment}
          showPermalink={false}
          replyBoxAlwaysOpen
          moderator={discussion.membership === 'owner'}
          audience={discussion.accessType}
          initialReplies={{ data: replies, meta: { nextCursor: meta.nextCursor, total: null } }}
        />
      </Box>
      <Box>
        <Button component={RouterLink} to={`${paths.DiscussionsShow(discussion.id)}#comment-${comment.id}`} variant="outlined">
          {t('comments.viewInDiscussion')}
        </Button>
      </Box>
    </Stack>
  );
}

/** Rendered on the server, the comment comes with its first replies and its discussion (one answer). */
export default withFirstViewData(CommentPage, ({ params, queryClient }) =>
  queryClient.prefetchQuery(commentThreadQueryOptions(params.id ?? '', params.commentId ?? '')),
);
