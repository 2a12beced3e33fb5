import { configure } from '@testing-library/react';
import type { User as WireUser } from '@wink/contracts/user';
import type { ReactElement } from 'react';
import { createMemoryRouter, useLocation } from 'react-router';
import { userKeys } from '../features/auth';
import SubscriptionDialog from '../features/subscriptions/components/subscription-dialog';
import { camelizeKeys } from '../lib/case';
import { closeDialog, useOpenDialog } from '../lib/dialogs';
import { createQueryClient } from '../lib/query-client';
import { renderRouter } from './render-router';
import { wireUser } from './wire-user';

/**
 * Test-only: a fake API, wire fixtures (people, discussions, comments) and a render wrapper with the
 * app's providers, used by the tests of every feature whose pages show discussions or people.
 */

// These pages mount many MUI parts; on a busy machine a file's first render alone can pass the default
// one-second wait of findBy*, which then fails for no reason a person would notice.
configure({ asyncUtilTimeout: 4000 });

export { fakeServer, json, type RecordedCall } from './fake-server';

export { ada, alan, grace, listPage, wireComment, wireDiscussion, wireNotification } from './wire-fixtures';

export const READER = wireUser({ subscription: 'reader_subscription', trial_ends_at: null });

/** The app's dialog host, reduced to the subscription dialog the permission gate opens. */
function SubscriptionDialogHost() {
  const dialog = useOpenDialog();
  if (dialog?.kind !== 'subscription') return null;
  return <SubscriptionDialog ability={dialog.ability} leaderOnly={dialog.leaderOnly} onClose={() => closeDialog('subscription')} />;
}

function WhereAmI() {
  const location = useLocation();
  return <output aria-label="Current location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

/** Renders `element` at `url` (route `path`) with a fresh query client and the signed-in person already cached. */
export function renderRoute(element: ReactElement, { path, url, user = wireUser() }: { path: string; url: string; user?: WireUser }) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.all, camelizeKeys(user));
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {element}
            <SubscriptionDialogHost />
          </>
        ),
      },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [url] },
  );
  const view = renderRouter(router, queryClient);
  return { ...view, queryClient, router, location: () => `${router.state.location.pathname}${router.state.location.search}` };
}
