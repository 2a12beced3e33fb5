/**
 * Avatar colours offered to people; one is drawn at sign-up. Kept free of zod so the web app can
 * import the list (the colour picker) without pulling the schema library into its bundle.
 */
export const AVATAR_COLORS = [
  '#1565c0',
  '#00838f',
  '#2e7d32',
  '#6a1b9a',
  '#ad1457',
  '#c62828',
  '#ef6c00',
  '#4e342e',
  '#37474f',
  '#283593',
] as const;

export type AvatarColor = (typeof AVATAR_COLORS)[number];
