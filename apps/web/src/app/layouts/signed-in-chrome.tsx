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

/**
 * The signed-in frame: destinations in the bar (at the bottom on phones), the user menu, the page.
 * Both bars are rendered and CSS shows the one for the width (below MUI's `sm`, 600 px, the bottom
 * one): the server cannot know the width, so a choice made in script would paint the wrong bar on a
 * phone and make React's hydration disagree with the server's HTML.
 */
export function SignedInChrome({ user }: { user: User }) {
  const signedIn = useAuthStatus() === 'signed-in';
  const { data: unreadCount = 0 } = useUnreadCount({ enabled: signedIn });
  useLiveNotifications(signedIn);
  const destinations = useDestinations(unreadCount);

  return (
    <PageFrame
      header={
        <>
          <AppHeader
            nav={<PrimaryNav destinations={destinations} />}
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
      bottomBar={<BottomNav destinations={destinations} />}
      bottomGap={BOTTOM_NAV_HEIGHT}
    />
  );
}
