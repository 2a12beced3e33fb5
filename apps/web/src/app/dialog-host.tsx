import { useQueryClient } from '@tanstack/react-query';
import { loadMessages } from '../lib/i18n';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import OfflineDialog from '../components/dialogs/offline-dialog';
import { QuietBoundary } from '../components/dialogs/quiet-boundary';
import { closeDialog, useOpenDialog, type AppDialog } from '../lib/dialogs';
import { reloadPage } from '../lib/errors/reload-page';
import { startOnlineStatus } from '../lib/online-status';

/** React.lazy with a `preload()` that fetches the chunk ahead of need (same module, one download). */
function lazyWithPreload<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return Object.assign(lazy(load), {
    preload: () => {
      load().catch(() => {
        // Tried again when the dialog is first shown.
      });
    },
  });
}

// The offline dialog is in the entry (imported above): it must show with no network at all, and it
// is built light for that. Every other dialog is its own chunk. The three that report trouble are
// preloaded a few seconds after start, because when they are needed the network may be gone
// (NETWORK ERROR) or the server away (maintenance); once the service worker is installed its precache
// holds them too. The subscription dialog needs the network anyway: loaded on demand.
const NetworkErrorDialog = lazyWithPreload(() => import('../components/dialogs/network-error-dialog'));
const MaintenanceDialog = lazyWithPreload(() => import('../components/dialogs/maintenance-dialog'));
const ApiErrorDialog = lazyWithPreload(() => import('../components/dialogs/api-error-dialog'));
const SubscriptionDialog = lazy(async () => {
  const [module] = await Promise.all([import('../features/subscriptions/components/subscription-dialog'), loadMessages('subscription')]);
  return module;
});

const TROUBLE_DIALOGS = [NetworkErrorDialog, MaintenanceDialog, ApiErrorDialog];
const PRELOAD_DELAY_MS = 5000;

/**
 * Runs `run` well after the first page is on screen: the preloads must not compete with the chunks
 * of the page being opened (nor count in its weight). A few seconds, then the next idle moment.
 */
function afterStartup(run: () => void): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 2000 });
    else run();
  }, PRELOAD_DELAY_MS);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

export interface DialogHostProps {
  /**
   * Rendered by the route error page: the page itself failed to load, so recovering from
   * maintenance or a network error reloads it instead of refetching queries.
   */
  routeFailed?: boolean;
}

/**
 * The one open dialog of lib/dialogs, whichever it is, and the offline watch that opens one.
 * Rendered by the root shell and, when a route fails, by the route error page in its place.
 */
export function DialogHost({ routeFailed = false }: DialogHostProps) {
  const dialog = useOpenDialog();
  const queryClient = useQueryClient();

  useEffect(() => startOnlineStatus(), []);
  useEffect(() => afterStartup(() => TROUBLE_DIALOGS.forEach((component) => component.preload())), []);

  if (!dialog) return null;

  // Back from maintenance or a lost connection: ask again for whatever failed meanwhile.
  const recover = () => {
    if (routeFailed) reloadPage();
    else void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
  };

  return (
    <QuietBoundary key={dialog.kind}>
      <Suspense fallback={null}>{renderDialog(dialog, recover)}</Suspense>
    </QuietBoundary>
  );
}

function renderDialog(dialog: AppDialog, recover: () => void): ReactNode {
  switch (dialog.kind) {
    case 'offline':
      return <OfflineDialog />;
    case 'maintenance':
      return (
        <MaintenanceDialog
          // A later 503 with another Retry-After restarts the countdown from the fresher value.
          key={dialog.retryAfterSeconds}
          retryAfterSeconds={dialog.retryAfterSeconds}
          onRecovered={() => {
            closeDialog('maintenance');
            recover();
          }}
        />
      );
    case 'network':
      return (
        <NetworkErrorDialog
          onRetry={() => {
            closeDialog('network');
            recover();
          }}
        />
      );
    case 'api-error':
      return <ApiErrorDialog status={dialog.status} statusText={dialog.statusText} onClose={() => closeDialog('api-error')} />;
    case 'subscription':
      return <SubscriptionDialog ability={dialog.ability} leaderOnly={dialog.leaderOnly} onClose={() => closeDialog('subscription')} />;
  }
}
