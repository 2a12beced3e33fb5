import { setAuthStatus } from '../auth-status';
import { openDialog } from '../dialogs';
import { t } from '../i18n';
import { showNotice } from '../notices';
import { reactionFor, type ErrorReaction } from './error-catalogue';
import { reloadPage } from './reload-page';

/** The stored auth flag of auth-status.ts that a 419 clears (docs/data.md: "clears a stored value"). */
const AUTH_STATUS_STORAGE_KEY = 'authStatus';

/**
 * What a sign-out also forgets: the cached current user. The query client registers it
 * (lib/query-client.ts), since it routes its failures here and this module cannot import it back.
 */
let forgetCurrentUser: () => void = () => undefined;
export function onSignedOut(forget: () => void): void {
  forgetCurrentUser = forget;
}

/** Carries out one reaction of the catalogue. Kept apart from the table so each half is tested alone. */
export function applyReaction(reaction: ErrorReaction): void {
  switch (reaction.type) {
    case 'network-dialog':
      openDialog({ kind: 'network' });
      return;
    case 'maintenance-dialog':
      openDialog({ kind: 'maintenance', retryAfterSeconds: reaction.retryAfterSeconds });
      return;
    case 'api-error-dialog':
      openDialog({ kind: 'api-error', status: reaction.status, statusText: reaction.statusText });
      return;
    case 'signed-out':
      // The flag only: where the person goes next is the guards' decision on the next navigation.
      setAuthStatus('signed-out');
      forgetCurrentUser();
      return;
    case 'session-expired':
      try {
        // The stored value only: the page is about to be reloaded, which asks the server afresh.
        sessionStorage.removeItem(AUTH_STATUS_STORAGE_KEY);
      } catch {
        // Storage unavailable: nothing was stored.
      }
      showNotice({
        severity: 'error',
        message: t('notices.sessionExpired'),
        persistent: true,
        action: { label: t('actions.reload'), onClick: reloadPage },
      });
      return;
    case 'notice':
      showNotice({ severity: 'error', message: reaction.message });
      return;
  }
}

/**
 * The one reaction to a failed request (docs/wire.md), for queries and mutations alike: lib/query-client
 * sends every failure here unless the caller opted out with `meta: { silent: true }`.
 */
export function handleRequestError(error: unknown): void {
  const reaction = reactionFor(error);
  if (reaction) applyReaction(reaction);
}
