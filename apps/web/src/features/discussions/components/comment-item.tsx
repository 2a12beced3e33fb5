import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import LinkIcon from '@mui/icons-material/Link';
import ReplyIcon from '@mui/icons-material/Reply';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Markdown, preloadMarkdownRenderer } from '../../../components/markdown';
import { CitedArticles } from './cited-articles';
import { track } from '../../../lib/analytics';
import { appEvents, useAppEvent } from '../../../lib/app-events';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useUser } from '../../auth';
import { usePermissionGate } from '../../subscriptions';
import { useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';
import type { AccessType, Comment } from '../api/discussion-keys';
import type { CommentsPage } from '../api/comment-cache';
import { useToggleCommentFollow } from '../api/toggle-comment-follow';
import { useToggleCommentUpvote } from '../api/toggle-comment-upvote';
import { useUpdateComment } from '../api/update-comment';
import { CommentComposer } from './comment-composer';
import { ItemMenu } from './comment-menu';
import { CommentReplies } from './comment-replies';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RelativeTime } from '../../../components/relative-time';
import { ReportDialog } from './report-dialog';
import { UpvoteButton } from './upvote-button';
import { UserLink } from './user-link';
import { privacyAnalytics, type GuardOutcome } from './use-privacy-guard';

// Comments come as Markdown: the renderer starts downloading with this chunk, beside their data.
preloadMarkdownRenderer();

interface CommentItemProps {
  comment: Comment;
  /** The discussion's access type: replies and edits are checked by the privacy guard unless it is private. */
  audience: AccessType;
  /** The anchor in the URL (#comment-{id}) points here: the comment is highlighted. */
  highlighted?: boolean;
  /** Replies open from the start (the single-comment page), optionally seeded with the thread's first page. */
  initialReplies?: CommentsPage;
  showPermalink?: boolean;
  /** A reply of this comment the URL points at (#comment-{id}). */
  highlightedReplyId?: string;
  /** I own the discussion: I may delete anyone's comment in it (not edit it). */
  moderator?: boolean;
  /** The reply box stays open under the comment (the single-comment page). */
  replyBoxAlwaysOpen?: boolean;
}

/** One comment or reply: who, when, what, and what can be done with it. */
export function CommentItem({
  comment,
  audience,
  highlighted = false,
  initialReplies,
  showPermalink = true,
  highlightedReplyId,
  replyBoxAlwaysOpen = false,
  moderator = false,
}: CommentItemProps) {
  const { t } = useTranslation();
  const discussionId = comment.discussionId;
  const isReply = comment.parentId !== null;
  const { data: me } = useUser();
  const gate = usePermissionGate();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [repliesOpen, setRepliesOpen] = useState(Boolean(initialReplies));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  const upvote = useToggleCommentUpvote(discussionId);
  const follow = useToggleCommentFollow(discussionId);
  const update = useUpdateComment(discussionId);
  const remove = useDeleteComment(discussionId);
  const reply = useCreateComment(discussionId);

  const mine = Boolean(me && comment.author && me.sid === comment.author.sid);
  const authorName = comment.author?.displayName ?? t('comments.deletedAuthor');

  // Another part of the app (a notification, the reply box) asks this thread to show its replies.
  useAppEvent('discussion:load-replies', ({ commentId }) => {
    if (commentId === comment.id) setRepliesOpen(true);
  });
  useAppEvent('discussion:reply-submitted', ({ commentId }) => {
    if (commentId === comment.id) setRepliesOpen(true);
  });

  const submitReply = async (body: string, outcome: GuardOutcome) => {
    const created = await reply.mutateAsync({ body, parentId: comment.id });
    track('comment_posted', { is_reply: true, ...privacyAnalytics(outcome) });
    setReplying(false);
    appEvents.emit('discussion:reply-submitted', { discussionId, commentId: comment.id, replyId: created.id });
  };

  return (
    <Box
      component="article"
      id={`comment-${comment.id}`}
      aria-label={comment.author ? t('comments.by', { name: authorName }) : authorName}
      // The comment a link pointed at (#comment-{id}): told to screen readers as well as shown.
      aria-current={highlighted ? 'location' : undefined}
      sx={{
        py: 1.5,
        px: highlighted ? 1.5 : 0,
        borderRadius: 1,
        scrollMarginTop: 80,
        ...(highlighted && { bgcolor: 'action.selected', outline: 2, outlineColor: 'primary.main' }),
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary' }} useFlexGap>
        {comment.author ? <UserLink user={comment.author} /> : <Typography sx={{ fontStyle: 'italic' }}>{authorName}</Typography>}
        <Typography variant="body2" component="span">
          <RelativeTime date={comment.createdAt} />
        </Typography>
        {comment.editedAt && !comment.deleted && (
          <Typography variant="body2" component="span">
            {t('comments.edited')}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {!comment.deleted && (
          <ItemMenu
            label={t('comments.moreActions', { name: authorName })}
            onEdit={mine ? () => gate('write', () => setEditing(true)) : undefined}
            onDelete={mine || moderator ? () => setConfirmDelete(true) : undefined}
            onReport={mine ? undefined : () => setReporting(true)}
          />
        )}
      </Stack>

      <Box sx={{ mt: 1, pl: { sm: 4.5 } }}>
        {comment.deleted ? (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {t('comments.deleted')}
          </Typography>
        ) : editing ? (
          <CommentComposer
            label={t('comments.editLabel')}
            submitLabel={t('actions.save')}
            audience={audience}
            initial={comment.body ?? ''}
            autoFocus
            onSubmit={async (body) => {
              await update.mutateAsync({ commentId: comment.id, body });
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <Markdown source={comment.body ?? ''} />
            <CitedArticles citations={comment.citations} />
          </>
        )}

        {!comment.deleted && !editing && (
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <UpvoteButton
              upvoted={comment.upvoted}
              count={comment.upvotesCount}
              onToggle={() => gate('write', () => upvote.mutate({ commentId: comment.id, upvoted: !comment.upvoted }))}
            />
            {!isReply && !replyBoxAlwaysOpen && (
              <Button size="small" startIcon={<ReplyIcon />} onClick={() => setReplying((open) => !open)} aria-expanded={replying}>
                {t('comments.reply')}
              </Button>
            )}
            {!isReply && (
              <Button
                size="small"
                aria-pressed={comment.followed}
                startIcon={comment.followed ? <NotificationsActiveOutlinedIcon /> : <NotificationsNoneOutlinedIcon />}
                onClick={() => gate('write', () => follow.mutate({ commentId: comment.id, followed: !comment.followed }))}
              >
                {comment.followed ? t('comments.following') : t('comments.follow')}
              </Button>
            )}
            {showPermalink && (
              // On a phone the word did not fit beside the other actions and wrapped to a line of its own: an icon there.
              <Link
                component={RouterLink}
                to={paths.DiscussionsShowComment(discussionId, comment.id)}
                variant="body2"
                aria-label={t('comments.permalinkFor', { name: authorName })}
                sx={{ display: 'inline-flex', alignItems: 'center', p: { xs: 0.75, sm: 0 } }}
              >
                <LinkIcon fontSize="small" sx={{ display: { sm: 'none' } }} />
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {t('comments.permalink')}
                </Box>
              </Link>
            )}
          </Stack>
        )}

        {(replying || (replyBoxAlwaysOpen && !isReply && !comment.deleted)) && (
          <Box sx={{ mt: 1.5 }}>
            <CommentComposer
              label={t('comments.replyLabel', { name: authorName })}
              submitLabel={t('comments.postReply')}
              audience={audience}
              autoFocus={!replyBoxAlwaysOpen}
              onSubmit={submitReply}
              onCancel={replyBoxAlwaysOpen ? undefined : () => setReplying(false)}
            />
          </Box>
        )}

        {!isReply && (comment.repliesCount > 0 || repliesOpen) && (
          <CommentReplies
            discussionId={discussionId}
            parent={comment}
            open={repliesOpen}
            onHide={() => setRepliesOpen(false)}
            initialData={initialReplies}
            renderReply={(item) => (
              <CommentItem
                key={item.id}
                comment={item}
                audience={audience}
                highlighted={item.id === highlightedReplyId}
                moderator={moderator}
              />
            )}
          />
        )}
      </Box>

      <ConfirmDialog
        open={confirmDelete}
        title={t('comments.deleteTitle')}
        description={t('comments.deleteBody')}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate(comment.id, { onSuccess: () => setConfirmDelete(false) })}
      />
      {reporting && (
        <ReportDialog open={reporting} onClose={() => setReporting(false)} target={{ kind: 'comment', commentId: comment.id }} />
      )}
    </Box>
  );
}
