import { Button, Link, ListItem, ListItemAvatar, ListItemText } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import type { BlockedUser } from '../api/get-blocked-users';
import { UserAvatar } from '../../../components/user-avatar';

interface BlockedUserRowProps {
  user: BlockedUser;
  onUnblock: (user: BlockedUser) => void;
  busy: boolean;
}

export function BlockedUserRow({ user, onUnblock, busy }: BlockedUserRowProps) {
  const { t } = useTranslation();
  return (
    <ListItem
      sx={{ pr: { xs: 13, sm: 14 } }}
      secondaryAction={
        <Button
          variant="outlined"
          size="small"
          onClick={() => onUnblock(user)}
          loading={busy}
          aria-label={t('blockedUsersPage.unblockNamed', { name: user.displayName })}
        >
          {t('blockedUsersPage.unblock')}
        </Button>
      }
    >
      <ListItemAvatar>
        <UserAvatar name={user.displayName} color={user.avatarColor} aria-hidden />
      </ListItemAvatar>
      <ListItemText
        primary={
          <Link component={RouterLink} to={paths.UserProfile(user.sid)} underline="hover" color="inherit" sx={{ fontWeight: 600 }}>
            {user.displayName}
          </Link>
        }
        secondary={user.name !== user.displayName ? user.name : undefined}
        slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
      />
    </ListItem>
  );
}
