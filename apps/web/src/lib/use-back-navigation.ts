import { useNavigate } from 'react-router';

/**
 * Back navigation with a fallback (docs/product.md). React Router numbers its history entries
 * (`history.state.idx`); above 0 there is an earlier page of this app to return to. Otherwise the
 * page was opened directly (a link from an e-mail, a new tab) and "back" would leave the app, so go
 * to the fallback instead, replacing the entry so Back does not bounce between the two.
 */
export function hasAppHistory(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export function useBackNavigation(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    if (hasAppHistory()) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}
