import { can, type Ability, type PermissionHolder } from '@wink/contracts/permissions';
import { useCallback } from 'react';
import { useUser, type User } from '../auth';
import { openDialog } from '../../lib/dialogs';

export type { Ability };

/** The camelCase user as the shared rule (docs/rules.md, contracts/permissions) wants it. */
export function toPermissionHolder(user: Pick<User, 'subscription' | 'trialEndsAt'>): PermissionHolder {
  return { subscription: user.subscription, trial_ends_at: user.trialEndsAt };
}

/** Whether `user` may `ability` right now; nobody signed in may do neither. */
export function checkPermission(
  user: Pick<User, 'subscription' | 'trialEndsAt'> | null | undefined,
  ability: Ability,
  now: Date = new Date(),
): boolean {
  return user ? can(ability, toPermissionHolder(user), now) : false;
}

/**
 * The one permission gate later features call before an action (docs/rules.md):
 *
 *   const gate = usePermissionGate();
 *   <Button onClick={() => gate('write', () => setComposerOpen(true))}>Reply</Button>
 *
 * Returns whether the action ran. When the permission is missing, the action does not run and the
 * subscription dialog opens for the plan that would grant it: read offers every plan, write only
 * the leader plan (the only plan that writes). With no user loaded (a guest on a shared collection,
 * or the user query still pending) nothing runs and no dialog opens: plans mean nothing before
 * sign-in, and the caller decides where a guest goes.
 */
export function usePermissionGate(): (ability: Ability, action: () => void) => boolean {
  const { data: user } = useUser();
  return useCallback(
    (ability: Ability, action: () => void) => {
      if (!user) return false;
      if (!checkPermission(user, ability)) {
        openDialog({ kind: 'subscription', ability, leaderOnly: ability === 'write' });
        return false;
      }
      action();
      return true;
    },
    [user],
  );
}
