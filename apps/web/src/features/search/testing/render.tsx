import { createMemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { json } from '../../../test/fake-server';
import { renderRouter } from '../../../test/render-router';
import { listPage, wireDiscussion as baseWireDiscussion } from '../../../test/wire-fixtures';
import SearchPage from '../components/search-page';

/** Any other page (a discussion the search led to) says where it is. */
function ElsewherePage() {
  const location = useLocation();
  return <output aria-label="Current location">{location.pathname}</output>;
}

/** The search page at a URL, in a memory router with the app's theme and query client. */
export function renderSearchPage(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/search', element: <SearchPage /> },
      { path: '*', element: <ElsewherePage /> },
    ],
    { initialEntries: [url] },
  );
  const view = renderRouter(router, queryClient);
  return { ...view, router, params: () => new URLSearchParams(router.state.location.search) };
}

export { json } from '../../../test/fake-server';

/** A write as the API client sends it: the method (after `_method` spoofing) and the form fields. */
export interface SentForm {
  method: string;
  body: Record<string, string>;
}

type Handler = (url: URL, sent: SentForm) => Response | Promise<Response>;

/** Stubs fetch with handlers keyed by path ("/api/search"); returns the URLs asked for and the writes sent. */
export function stubApi(routes: Record<string, Handler>) {
  const calls: URL[] = [];
  const writes: (SentForm & { path: string })[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const body = init?.body instanceof URLSearchParams ? Object.fromEntries(init.body) : {};
    const method = (body._method ?? init?.method ?? 'GET').toUpperCase();
    delete body._method;
    calls.push(url);
    if (method !== 'GET') writes.push({ method, body, path: url.pathname });
    const handler = routes[url.pathname];
    return handler ? handler(url, { method, body }) : json(404, { message: 'Not Found' });
  });
  return { calls, writes, to: (path: string) => calls.filter((url) => url.pathname === path) };
}

export const ARTICLE_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

export function wireHit(overrides: Record<string, unknown> = {}) {
  return {
    id: ARTICLE_ID,
    source: 'curated',
    external_id: 'heart-attack-basics',
    title: 'Heart attack: the warning signs',
    authors: [],
    journal: null,
    published_at: '2025-03-14',
    url: null,
    publication_types: ['Patient Education Handout'],
    snippet: 'A «heart attack» happens when blood flow stops.',
    mesh_terms: [
      { ui: 'D009203', name: 'Myocardial Infarction', major: true },
      { ui: 'D002318', name: 'Cardiovascular Diseases', major: false },
    ],
    ...overrides,
  };
}

export function wireSearch(overrides: { data?: unknown[]; meta?: Record<string, unknown> } = {}) {
  return {
    data: overrides.data ?? [wireHit()],
    meta: {
      next_cursor: null,
      total: (overrides.data ?? [1]).length,
      total_estimated: false,
      mapping: [{ ui: 'D009203', name: 'Myocardial Infarction', matched: 'heart attack', lay: { term: 'Heart Attack', kind: 'lay' } }],
      correction: null,
      did_you_mean: null,
      facets: {
        source: [
          { value: 'curated', count: 12 },
          { value: 'pubmed', count: 3 },
        ],
        publication_type: [{ value: 'Review', count: 4 }],
      },
      facets_estimated: false,
      ...overrides.meta,
    },
  };
}

export function wireArticle(overrides: Record<string, unknown> = {}) {
  return {
    ...wireHit(),
    source: 'medlineplus',
    url: 'https://medlineplus.gov/heartattack.html',
    authors: ['National Library of Medicine'],
    summary: 'A heart attack happens when the flow of blood to the heart is blocked.',
    ...overrides,
  };
}

/** A public discussion of the article the search found, by grace, with a few comments and upvotes. */
export const wireDiscussion = (overrides: Parameters<typeof baseWireDiscussion>[0] = {}) =>
  baseWireDiscussion({
    title: 'Chest pain after a heart attack',
    body: 'Is it **normal**?',
    excerpt: 'Is it normal?',
    article_id: ARTICLE_ID,
    comments_count: 3,
    upvotes_count: 2,
    ...overrides,
  });

export { listPage as discussionsPage };
