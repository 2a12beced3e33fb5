import { closeDialog, openDialog } from './dialogs';

/**
 * The offline warning of docs/data.md: the dialog opens when the browser goes offline (and at start when
 * it already is) and closes when it is back online. Safe to start from more than one place: the
 * listeners are added once and removed when the last caller stops.
 */
let starts = 0;

const onOffline = () => openDialog({ kind: 'offline' });
const onOnline = () => closeDialog('offline');

export function startOnlineStatus(): () => void {
  if (starts++ === 0) {
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onOffline();

  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (--starts === 0) {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    }
  };
}
