import { z } from 'zod';

/** How another person appears beside their content: a name and an avatar, nothing private. */
export const userSummary = z.object({
  sid: z.string(),
  name: z.string(),
  display_name: z.string(),
  avatar_color: z.string(),
});

export type UserSummary = z.infer<typeof userSummary>;
