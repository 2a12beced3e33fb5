import DoneAllIcon from '@mui/icons-material/DoneAll';
import TuneIcon from '@mui/icons-material/Tune';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { Box, Button, List, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';
import { useLoadMoreSentinel } from '../../../lib/use-load-more-sentinel';
import { notificationsQueryOptions, useNotifications, type AppNotification } from '../api/get-notifications';
import { withFirstViewData } from '../../../lib/first-view-data';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';
import { LoadState } from '../../../components/load-state';

function NotificationSkeletons() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} role="status" aria-label={t('notificationsPage.loading')} sx={{ py: 1 }}>
      {[0, 1, 2].map((index) => (
        <Stack key={index} direction="row" spacing={2} aria-hidden sx={{ alignItems: 'center' }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" width="70%" />
            <Skeleton variant="text" width="25%" />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

/** /notifications: what happened while the person was away, newest first; opening one marks it read. */
function NotificationsPage() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const unreadCount = useUnreadCount();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  const items = notifications.data?.pages.flatMap((page) => page.data) ?? [];
  const canLoadMore = notifications.hasNextPage && !notifications.isFetchingNextPage;
  const sentinel = useLoadMoreSentinel<HTMLDivElement>(() => {
    if (canLoadMore) void notifications.fetchNextPage();
  }, canLoadMore);
  const anyUnread = items.some((n) => n.readAt === null) || (unreadCount.data ?? 0) > 0;

  const open = (notification: AppNotification) => {
    if (notification.readAt === null) markRead.mutate(notification);
  };

  const content = (
    <LoadState
      query={notifications}
      loading={<NotificationSkeletons />}
      errorMessage={t('notificationsPage.loadFailed')}
      isEmpty={items.length === 0}
      empty={<EmptyState icon={<DoneAllIcon />} title={t('notificationsPage.emptyTitle')} description={t('notificationsPage.emptyBody')} />}
    >
      <Paper variant="outlined">
        <List aria-label={t('notificationsPage.list')} disablePadding>
          {items.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onOpen={open} />
          ))}
        </List>
      </Paper>
    </LoadState>
  );

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h1">{t('notificationsPage.title')}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {/* What arrives where is decided in the settings' grid: one step from here. */}
          <Button component={RouterLink} to={`${paths.UserSettings()}#notification-grid`} startIcon={<TuneIcon />}>
            {t('notificationsPage.settings')}
          </Button>
          {items.length > 0 && (
            <Button
              variant="outlined"
              startIcon={<DoneAllIcon />}
              disabled={!anyUnread}
              loading={markAllRead.isPending}
              onClick={() => markAllRead.mutate()}
            >
              {t('notificationsPage.markAllRead')}
            </Button>
          )}
        </Stack>
      </Stack>
      {content}
      {notifications.hasNextPage && (
        <Box ref={sentinel} sx={{ textAlign: 'center' }}>
          <Button onClick={() => void notifications.fetchNextPage()} loading={notifications.isFetchingNextPage}>
            {t('notificationsPage.loadMore')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

export default withFirstViewData(NotificationsPage, ({ queryClient }) => queryClient.prefetchInfiniteQuery(notificationsQueryOptions()));
