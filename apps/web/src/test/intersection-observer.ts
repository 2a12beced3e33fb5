import { onTestFinished, vi } from 'vitest';

/**
 * jsdom has no IntersectionObserver: this one does nothing until the returned function says the
 * watched element (a list's load-more sentinel) came into view. Undone when the test finishes.
 */
export function stubReachEnd(): () => void {
  let reachEnd = () => {};
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        reachEnd = () => callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      observe() {}
      disconnect() {}
    },
  );
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return () => reachEnd();
}
