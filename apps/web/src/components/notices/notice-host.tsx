import { lazy, Suspense } from 'react';
import { useCurrentNotice } from '../../lib/notices';
import { QuietBoundary } from '../dialogs/quiet-boundary';

// Snackbar and Alert stay out of the entry chunk until the first notice (the bundle budget).
const NoticeSnackbar = lazy(() => import('./notice-snackbar'));

/** Shows the head of the notice queue (lib/notices), one at a time. */
export function NoticeHost() {
  const notice = useCurrentNotice();
  if (!notice) return null;
  return (
    <QuietBoundary key={notice.id}>
      <Suspense fallback={null}>
        <NoticeSnackbar notice={notice} />
      </Suspense>
    </QuietBoundary>
  );
}
