import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../../app/theme';
import { queryClient } from '../../../lib/query-client';
import SearchPage from '../components/search-page';

/** The search page at a URL, in a memory router with the app's theme and query client. */
export function renderSearchPage(url: string) {
  const router = createMemoryRouter([{ path: '/search', element: <SearchPage /> }], { initialEntries: [url] });
  const view = render(
    <ThemeProvider theme={theme} defaultMode="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, router, params: () => new URLSearchParams(router.state.location.search) };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Handler = (url: URL) => Response | Promise<Response>;

/** Stubs fetch with handlers keyed by path ("/api/search"); returns the URLs asked for. */
export function stubApi(routes: Record<string, Handler>) {
  const calls: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    calls.push(url);
    const handler = routes[url.pathname];
    return handler ? handler(url) : json(404, { message: 'Not Found' });
  });
  return { calls, to: (path: string) => calls.filter((url) => url.pathname === path) };
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
      mapping: [{ ui: 'D009203', name: 'Myocardial Infarction', matched: 'heart attack' }],
      did_you_mean: null,
      facets: {
        source: [
          { value: 'curated', count: 12 },
          { value: 'pubmed', count: 3 },
        ],
        publication_type: [{ value: 'Review', count: 4 }],
      },
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
