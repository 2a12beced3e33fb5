import { useState } from 'react';
import type { User } from '../../auth';
import { dismissTrialNotice, trialNoticeDismissed } from '../utils/trial-notice';
import TrialEndingNotice from './trial-ending-notice';

/** The layout's notice: closed for good (for this trial) once dismissed. */
export default function DismissibleTrialNotice({ user }: { user: Pick<User, 'sid' | 'trialEndsAt'> }) {
  const [dismissed, setDismissed] = useState(() => trialNoticeDismissed(user));
  if (dismissed || !user.trialEndsAt) return null;
  return (
    <TrialEndingNotice
      trialEndsAt={user.trialEndsAt}
      onDismiss={() => {
        dismissTrialNotice(user);
        setDismissed(true);
      }}
    />
  );
}
