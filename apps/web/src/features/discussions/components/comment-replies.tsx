import { Box, Button, Divider, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { appEvents, useAppEvent } from '../../../lib/app-events';
import { useTranslation } from '../../../lib/i18n';
import type { CommentsPage } from '../api/comment-cache';
import type { Comment } from '../api/discussion-keys';
import { useReplies } from '../api/get-replies';

interface CommentRepliesProps {
  discussionId: string;
  parent: Comment;
  open: boolean;
  onHide: () => void;
  initialData?: CommentsPage;
  /** Draws one reply (a CommentItem; passed in so the two files do not import each other). */
  renderReply: (reply: Comment) => ReactNode;
}

/**
 * A comment's replies, fetched only once asked for. The buttons emit 'discussion:load-replies' rather
 * than fetching directly, so other parts of the app can open a thread the same way.
 */
export function CommentReplies({ discussionId, parent, open, onHide, initialData, renderReply }: CommentRepliesProps) {
  const { t } = useTranslation();
  const replies = useReplies(discussionId, parent.id, {
    enabled: open,
    initialData: initialData ? { pages: [initialData], pageParams: [null] } : undefined,
  });
  const items = replies.data?.pages.flatMap((page) => page.data) ?? [];
  const ask = () => appEvents.emit('discussion:load-replies', { discussionId, commentId: parent.id });

  // Asked again while open: the next page.
  useAppEvent('discussion:load-replies', ({ commentId }) => {
    if (commentId === parent.id && open && replies.hasNextPage && !replies.isFetchingNextPage) void replies.fetchNextPage();
  });

  if (!open) {
    return (
      <Button size="small" onClick={ask} sx={{ mt: 1 }} aria-expanded={false}>
        {t('comments.showReplies', { count: parent.repliesCount })}
      </Button>
    );
  }

  return (
    <Box sx={{ mt: 1, pl: 2, borderLeft: 2, borderColor: 'divider' }}>
      <Stack
        component="section"
        aria-label={t('comments.repliesTo', { name: parent.author?.displayName ?? t('comments.deletedAuthor') })}
        divider={<Divider flexItem />}
      >
        {items.map(renderReply)}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
        {(replies.isPending || replies.hasNextPage) && (
          <Button size="small" onClick={ask} loading={replies.isFetching}>
            {t('comments.moreReplies')}
          </Button>
        )}
        <Button size="small" onClick={onHide} aria-expanded>
          {t('comments.hideReplies')}
        </Button>
      </Stack>
    </Box>
  );
}
