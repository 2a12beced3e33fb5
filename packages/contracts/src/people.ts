import { z } from 'zod';
import { cursorQuery, isoDate, list, resource } from './common';
import { userSummary } from './profile';

/**
 * GET users/{sid}: a person's public profile. Counts only include what the person asking may see
 * (a private discussion never shows up in someone else's counts).
 */
export const profile = userSummary.extend({
  joined_at: isoDate,
  discussions_count: z.number().int(),
  followers_count: z.number().int(),
  followings_count: z.number().int(),
  followed: z.boolean().describe('Whether I follow this person'),
  blocked: z.boolean().describe('Whether I blocked this person'),
  is_me: z.boolean(),
});
export type Profile = z.infer<typeof profile>;
export const profileResponse = resource(profile);

/** GET users?q=: people to invite, by name or display name; never myself nor anyone in a block with me. */
export const usersQuery = cursorQuery.extend({ q: z.string().max(100).optional() });
export const usersResponse = list(userSummary);

/** GET users/{sid}/followings: the people they follow, newest first. */
export const followingsResponse = list(
  userSummary.extend({ followed_at: isoDate, followed: z.boolean().describe('Whether I follow them too') }),
);
export const userFollowResponse = resource(z.object({ followed: z.boolean(), followers_count: z.number().int() }));
export type FollowingsResponse = z.infer<typeof followingsResponse>;
export type UsersResponse = z.infer<typeof usersResponse>;
