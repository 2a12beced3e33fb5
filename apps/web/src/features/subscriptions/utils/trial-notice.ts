import type { User } from '../../auth';

type TrialHolder = Pick<User, 'sid' | 'trialEndsAt'>;

const storageKey = (user: TrialHolder) => `wink:trial-notice-dismissed:${user.sid}`;

/** Dismissed for this trial: a later trial (an admin extending it) shows the notice again. */
export function trialNoticeDismissed(user: TrialHolder): boolean {
  try {
    return localStorage.getItem(storageKey(user)) === user.trialEndsAt;
  } catch {
    return false;
  }
}

export function dismissTrialNotice(user: TrialHolder): void {
  try {
    if (user.trialEndsAt) localStorage.setItem(storageKey(user), user.trialEndsAt);
  } catch {
    // Storage can be off (private mode); the notice then comes back on the next page load.
  }
}
