import { Box, ListItem, ListItemAvatar, ListItemButton, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { notificationPath } from '../../../lib/native/notification-routes';
import { RelativeTime } from '../../../components/relative-time';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { UserAvatar } from '../../../components/user-avatar';
import type { AppNotification } from '../api/get-notifications';
import { notificationSentence } from './notification-sentence';

/** Where opening it leads: the same place as a tap on the phone's notification (docs/data.md). */
export function pathOf({ type, data }: AppNotification): string | null {
  return notificationPath({ type, subject_id: data.subjectId, comment_id: data.commentId, follower_sid: data.followerSid });
}

interface NotificationItemProps {
  notification: AppNotification;
  onOpen: (notification: AppNotification) => void;
}

/** One notification: who, what, when; unread ones stand out, and say so to screen readers too. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { t } = useTranslation();
  const unread = notification.readAt === null;
  const path = pathOf(notification);
  const { actor } = notification;
  const link = path ? { component: RouterLink, to: path } : {};

  return (
    <ListItem disablePadding divider>
      <ListItemButton
        {...link}
        onClick={() => onOpen(notification)}
        sx={{ alignItems: 'flex-start', gap: 1, py: 1.5, bgcolor: unread ? 'action.hover' : undefined }}
      >
        <ListItemAvatar sx={{ mt: 0.5 }}>
          <UserAvatar name={actor?.name ?? '?'} color={actor?.avatarColor || '#616161'} aria-hidden />
        </ListItemAvatar>
        <ListItemText
          primary={
            <>
              {unread && (
                <>
                  <Box component="span" sx={visuallyHidden}>{`${t('notificationsPage.unread')}:`}</Box>{' '}
                </>
              )}
              {notificationSentence(t, notification)}
            </>
          }
          secondary={<RelativeTime date={notification.createdAt} />}
          slotProps={{
            primary: { sx: { fontWeight: unread ? 600 : 400 } },
            secondary: { component: 'span' },
          }}
        />
        {unread && (
          <Box aria-hidden sx={{ width: 10, height: 10, mt: 1.25, flexShrink: 0, borderRadius: '50%', bgcolor: 'primary.main' }} />
        )}
      </ListItemButton>
    </ListItem>
  );
}
