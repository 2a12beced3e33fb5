import type { ReactNode } from 'react';
import { LoadFailed } from './load-failed';

/** What LoadState reads of a query: TanStack Query's result fits as it is. */
export interface QueryState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface LoadStateProps {
  query: QueryState;
  /** Shown until the first answer: a skeleton of the content, or a delayed spinner. */
  loading: ReactNode;
  /** What failed to load, shown with a button that tries again. */
  errorMessage: ReactNode;
  /** With a title the failure fills the content's place instead of a one-line alert (see LoadFailed). */
  errorTitle?: string;
  /**
   * Nothing to show: only then does a failure show (a next page that failed leaves the items on
   * screen), and otherwise `empty`. Left out it is true, for a caller that shows LoadState only
   * while it has no data.
   */
  isEmpty?: boolean;
  empty?: ReactNode;
  /** The content, once there is some. */
  children?: ReactNode;
}

/** The one place a page decides between loading, failed (with a retry), empty and its content. */
export function LoadState({ query, loading, errorMessage, errorTitle, isEmpty = true, empty, children }: LoadStateProps) {
  if (query.isPending) return loading;
  if (query.isError && isEmpty) return <LoadFailed message={errorMessage} title={errorTitle} onRetry={() => void query.refetch()} />;
  if (isEmpty) return empty;
  return children;
}
