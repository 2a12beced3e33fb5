import { z } from 'zod';
import { list } from './common';
import { userSummary } from './profile';

/** `users/{sid}/...`: a person by their public id. */
export const userSidParams = z.object({ sid: z.string().min(1).max(64) });

/** GET user/blocked-users: the people I blocked, newest first. */
export const blockedUsersResponse = list(userSummary);

export const CANNOT_BLOCK_YOURSELF = 'You cannot block yourself.';

export type BlockedUsersResponse = z.infer<typeof blockedUsersResponse>;
