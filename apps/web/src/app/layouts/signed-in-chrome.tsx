import { useMediaQuery, type Theme } from '@mui/material';
import type { User } from '../../features/auth/api/get-user';
import { HealthbotLauncher } from '../../features/healthbot/components/healthbot-launcher';
import { useUnreadCount } from '../../features/notifications/api/get-unread-count';
import { useLiveNotifications } from '../../features/notifications/api/use-live-notifications';
import { TrialNoticeTrigger } from '../../features/subscriptions/components/trial-notice-trigger';
import { useAuthStatus } from '../../lib/auth-status';
import { AppHeader } from './app-header';
import { BOTTOM_NAV_HEIGHT, BottomNav } from './bottom-nav';
import { PageFrame } from './page-frame';
import { PrimaryNav } from './primary-nav';
import { useDestinations } from './primary-destinations';
import { UserMenu } from './user-menu';

/** Phones: below MUI's `sm` breakpoint (600 px). Read on first render, so there is no layout jump. */
const phoneQuery = (theme: Theme) => theme.breakpoints.down('sm');

/** The signed-in frame: destinations in the bar (or at the bottom on phones), the user menu, the page. */
export function SignedInChrome({ user }: { user: User }) {
  const phone = useMediaQuery(phoneQuery, { noSsr: true });
  const signedIn = useAuthStatus() === 'signed-in';
  const { data: unreadCount = 0 } = useUnreadCount({ enabled: signedIn });
  useLiveNotifications(signedIn);
  const destinations = useDestinations(unreadCount);

  return (
    <PageFrame
      header={
        <>
          <AppHeader
            nav={phone ? null : <PrimaryNav destinations={destinations} />}
            actions={
              <>
                {/* Only the button: Wink's panel is its own chunk, loaded on the first click. */}
                <HealthbotLauncher />
                <UserMenu user={user} />
              </>
            }
          />
          {/* A date check; the notice itself loads only in the trial's last three days. */}
          <TrialNoticeTrigger user={user} />
        </>
      }
      bottomBar={phone ? <BottomNav destinations={destinations} /> : null}
      bottomGap={phone ? BOTTOM_NAV_HEIGHT : 0}
    />
  );
}
