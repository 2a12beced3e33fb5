/**
 * What the bundle imports as `react` (vite.config.ts aliases it here): Preact's compatibility layer,
 * plus the one React 19 hook it lacks that React Router calls. `useOptimistic` only differs from its
 * passthrough value while a transition is pending, and Preact's transitions run at once, so the
 * router's optimistic state is always the committed one.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

export function useOptimistic(passthrough) {
  return [passthrough, () => undefined];
}
