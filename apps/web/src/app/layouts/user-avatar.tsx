import { Box } from '@mui/material';
import type { User } from '../../features/auth/api/get-user';
import { initialsOf } from '../../lib/initials';

/**
 * The person's initials on their chosen colour (all AVATAR_COLORS are dark enough for white text).
 * A plain circle: MUI's Avatar adds image handling this does not use, and the app bar is on every page.
 */
export function UserAvatar({ user, size = 36 }: { user: Pick<User, 'displayName' | 'name' | 'avatarColor'>; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-grid',
        placeItems: 'center',
        width: size,
        height: size,
        borderRadius: '50%',
        fontSize: size * 0.42,
        fontWeight: 600,
        lineHeight: 1,
        userSelect: 'none',
        bgcolor: user.avatarColor,
        color: '#fff',
      }}
    >
      {initialsOf(user.displayName || user.name)}
    </Box>
  );
}
