import { Box, Button, Card, List, Snackbar, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { blockedUsersQueryOptions, useBlockedUsers, type BlockedUser } from '../api/get-blocked-users';
import { useBlockUserAgain, useUnblockUser } from '../api/unblock-user';
import { BlockedUserRow } from './blocked-user-row';
import { BlockedUsersEmptyState } from './blocked-users-empty-state';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { LoadState } from '../../../components/load-state';
import { withFirstViewData } from '../../../lib/first-view-data';

const UNDO_WINDOW_MS = 8000;

/** People I have blocked; unblocking is one click and can be undone from the notice that follows. */
function BlockedUsersPage() {
  const { t } = useTranslation();
  const blockedUsers = useBlockedUsers();
  const unblock = useUnblockUser();
  const blockAgain = useBlockUserAgain();
  // Kept after the notice closes so its text does not blank out during the exit animation.
  const [lastUnblocked, setLastUnblocked] = useState<BlockedUser | null>(null);
  const [noticeOpen, setNoticeOpen] = useState(false);

  const users = blockedUsers.data?.pages.flatMap((page) => page.data) ?? [];
  const onUnblock = (user: BlockedUser) =>
    unblock.mutate(user, {
      onSuccess: () => {
        setLastUnblocked(user);
        setNoticeOpen(true);
      },
    });
  const undo = () => {
    if (lastUnblocked) blockAgain.mutate(lastUnblocked);
    setNoticeOpen(false);
  };

  const content = (
    <LoadState
      query={blockedUsers}
      loading={<DelayedSpinner size={40} paddingY={6} />}
      errorMessage={t('blockedUsersPage.loadFailed')}
      isEmpty={users.length === 0}
      empty={<BlockedUsersEmptyState />}
    >
      <Card>
        <List aria-label={t('blockedUsersPage.title')}>
          {users.map((user) => (
            <BlockedUserRow
              key={user.sid}
              user={user}
              onUnblock={onUnblock}
              busy={unblock.isPending && unblock.variables?.sid === user.sid}
            />
          ))}
        </List>
      </Card>
    </LoadState>
  );

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h2">{t('blockedUsersPage.title')}</Typography>
        <Typography color="text.secondary">{t('blockedUsersPage.lead')}</Typography>
      </Stack>
      {content}
      {blockedUsers.hasNextPage && (
        <Box sx={{ textAlign: 'center' }}>
          <Button onClick={() => void blockedUsers.fetchNextPage()} loading={blockedUsers.isFetchingNextPage}>
            {t('blockedUsersPage.showMore')}
          </Button>
        </Box>
      )}
      <Snackbar
        open={noticeOpen}
        autoHideDuration={UNDO_WINDOW_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setNoticeOpen(false);
        }}
        message={lastUnblocked ? t('blockedUsersPage.unblocked', { name: lastUnblocked.displayName }) : ''}
        action={
          <Button color="inherit" size="small" onClick={undo}>
            {t('blockedUsersPage.undo')}
          </Button>
        }
      />
    </Stack>
  );
}

/** The first page of the people I have blocked. */
export default withFirstViewData(BlockedUsersPage, ({ queryClient }) => queryClient.prefetchInfiniteQuery(blockedUsersQueryOptions()));
