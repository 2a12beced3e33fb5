/**
 * What a route component shows in its first view, fetched before the server renders it
 * (entry-server.tsx). Without it the server learns a page's data by rendering it: a render to find the
 * queries, another once they arrive, a third when the data reveals more (a discussion, then its
 * comments). Each render costs the whole page's React and Emotion work, so a page that declares its
 * data here renders once. The declaration uses the same query options as the components, so the keys
 * match; anything it misses is still found by rendering, only at the cost of another render.
 * The browser never calls these: its pages fetch as they render.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

export interface FirstViewArgs {
  params: Params;
  url: URL;
  queryClient: QueryClient;
}

/** Fetches into `queryClient`; failures stay failed queries (the renderer drops them), never a rejection. */
export type FirstViewData = (args: FirstViewArgs) => Promise<unknown>;

const FIRST_VIEW_DATA = Symbol.for('wink.firstViewData');

type Declared = { [FIRST_VIEW_DATA]?: FirstViewData };

/** Declares `component`'s first-view data; returns the component, so a module can export the result. */
export function withFirstViewData<T extends object>(component: T, load: FirstViewData): T {
  (component as Declared)[FIRST_VIEW_DATA] = load;
  return component;
}

export function firstViewDataOf(component: unknown): FirstViewData | undefined {
  return (component as Declared | null | undefined)?.[FIRST_VIEW_DATA];
}
