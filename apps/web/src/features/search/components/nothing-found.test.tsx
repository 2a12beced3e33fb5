import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { json, renderSearchPage, stubApi, wireSearch } from '../testing/render';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

afterEach(() => {
  queryClient.clear();
  vi.restoreAllMocks();
});

const nothing = (words: string[], nearest: { ui: string; name: string } | null) => ({
  data: [],
  meta: { total: 0, mapping: [], nothing_found: { words, nearest_topic: nearest } },
});

describe('Search page: an empty page that helps', () => {
  it('says which words found nothing and searches the nearest topic with articles when asked', async () => {
    const api = stubApi({
      '/api/search': (url) =>
        url.searchParams.get('q') === 'Otitis Media'
          ? json(200, wireSearch())
          : json(200, wireSearch(nothing(['middle ear ossicle'], { ui: 'D010033', name: 'Otitis Media' }))),
    });
    const { params } = renderSearchPage('/search?q=middle%20ear%20ossicle');

    expect(await screen.findByRole('heading', { name: 'No articles match yet' }, { timeout: 5000 })).toBeInTheDocument();
    expect(
      screen.getByText(/Nothing in our articles matched “middle ear ossicle”\. The nearest topic with articles is Otitis Media\./),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Search Otitis Media' }));
    expect(params().get('q')).toBe('Otitis Media');
    await waitFor(() => expect(api.to('/api/search').at(-1)!.searchParams.get('q')).toBe('Otitis Media'));
  });

  it('suggests other words when no topic is near', async () => {
    stubApi({ '/api/search': () => json(200, wireSearch(nothing(['xyzzy'], null))) });
    renderSearchPage('/search?q=xyzzy');

    expect(await screen.findByText(/Nothing in our articles matched “xyzzy”\. Try a broader term/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Search (?!details)/ })).not.toBeInTheDocument();
  });

  it('above a question’s results, says which part found nothing', async () => {
    stubApi({
      '/api/search': () => json(200, wireSearch({ meta: { nothing_found: { words: ['wibble'], nearest_topic: null } } })),
    });
    renderSearchPage('/search?q=heart%20attack%20wibble');

    expect(await screen.findByText('Nothing matched “wibble”, so these pages match the rest of your question.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Heart attack: the warning signs' })).toBeInTheDocument();
  });
});
