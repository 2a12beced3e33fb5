import { Avatar, type AvatarProps } from '@mui/material';
import { initialsOf } from '../lib/initials';

interface UserAvatarProps extends Omit<AvatarProps, 'children'> {
  name: string;
  color: string;
  size?: number;
}

/** The person's initials on their chosen colour (every avatar colour is dark enough for white text). */
export function UserAvatar({ name, color, size = 40, sx, ...props }: UserAvatarProps) {
  return (
    <Avatar
      {...props}
      sx={[{ bgcolor: color, color: '#fff', width: size, height: size, fontSize: size * 0.4 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
