import { Link, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { UserAvatar } from '../../../components/user-avatar';
import type { Discussion } from '../api/discussion-keys';

type Person = Discussion['owner'];

/** A person beside what they wrote: their avatar colour and display name, linking to their profile. */
export function UserLink({ user, size = 28 }: { user: Person; size?: number }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <UserAvatar name={user.displayName} color={user.avatarColor} size={size} aria-hidden />
      <Link
        component={RouterLink}
        to={paths.UserProfile(user.sid)}
        underline="hover"
        color="inherit"
        sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {user.displayName}
      </Link>
    </Stack>
  );
}
