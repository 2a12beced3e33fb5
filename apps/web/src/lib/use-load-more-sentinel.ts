import { useEffect, useRef } from 'react';

/**
 * Calls `loadMore` when the returned element scrolls into view (infinite scroll). Where there is no
 * IntersectionObserver (old browsers, tests) nothing happens and the visible "Load more" button does the job.
 */
export function useLoadMoreSentinel<T extends Element>(loadMore: () => void, active: boolean) {
  const ref = useRef<T | null>(null);
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}
