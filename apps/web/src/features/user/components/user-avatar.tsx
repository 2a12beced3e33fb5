import { Avatar, type AvatarProps } from '@mui/material';

/** First letters of the first and last word: "Ada King Lovelace" → "AL"; "?" for an empty name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return picked.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('') || '?';
}

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
