import { lazy, Suspense } from 'react';
import type { User } from '../../auth';
import { loadMessages } from '../../../lib/i18n';

/** The notice starts this long before the trial ends, as the reminder e-mail does. */
export const TRIAL_NOTICE_MS = 3 * 86_400_000;

type TrialHolder = Pick<User, 'sid' | 'subscription' | 'trialEndsAt'>;

/** On trial, without a plan, with the end less than three days away. */
export function trialEndingSoon(user: Pick<User, 'subscription' | 'trialEndsAt'>, now: number = Date.now()): boolean {
  if (user.subscription || !user.trialEndsAt) return false;
  const left = Date.parse(user.trialEndsAt) - now;
  return left > 0 && left <= TRIAL_NOTICE_MS;
}

const DismissibleTrialNotice = lazy(() =>
  Promise.all([import('./dismissible-trial-notice'), loadMessages('subscription')]).then(([module]) => module),
);

/**
 * All the main layout carries for the trial-ending notice: a date check. The notice, its words and
 * its dismissal load only in the trial's last three days (the first-render budget is nearly full).
 */
export function TrialNoticeTrigger({ user }: { user: TrialHolder }) {
  if (!trialEndingSoon(user)) return null;
  return (
    <Suspense fallback={null}>
      <DismissibleTrialNotice user={user} />
    </Suspense>
  );
}
