import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { queryClient } from '../../../lib/query-client';
import SearchPage from './search-page';
import {
  ARTICLE_ID,
  discussionsPage,
  json,
  renderSearchPage,
  stubApi,
  wireArticle,
  wireDiscussion,
  wireHit,
  wireSearch,
} from '../testing/render';
import { runFirstViewData } from '../../../test/first-view';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

afterEach(() => {
  queryClient.clear();
  vi.mocked(track).mockClear();
  vi.restoreAllMocks();
});

describe('Search page: the term in the URL', () => {
  it('explains what can be searched when there is no term', () => {
    stubApi({});
    renderSearchPage('/search');

    expect(screen.getByRole('heading', { level: 1, name: 'Search health articles' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What would you like to know?' })).toBeInTheDocument();
  });

  it('writes the typed term to `q` after a one-second pause, leaving the other keys alone', async () => {
    const api = stubApi({ '/api/search': () => json(200, wireSearch()) });
    const { params, router } = renderSearchPage('/search?sri_id=12&t=article');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search term' }), 'heart attack');
    expect(params().has('q')).toBe(false);
    expect(api.to('/api/search')).toHaveLength(0);

    await waitFor(() => expect(params().get('q')).toBe('heart attack'), { timeout: 2000 });
    expect(params().get('sri_id')).toBe('12');
    expect(params().get('t')).toBe('article');
    expect(await screen.findByRole('button', { name: 'Heart attack: the warning signs' })).toBeInTheDocument();
    expect(api.to('/api/search')[0]!.searchParams.get('q')).toBe('heart attack');

    // Back returns to the view before this search.
    await act(() => router.navigate(-1));
    expect(params().has('q')).toBe(false);
    expect(screen.getByRole('searchbox', { name: 'Search term' })).toHaveValue('');
  });

  it('searches at once on Enter and ignores a whitespace-only term', async () => {
    stubApi({ '/api/search': () => json(200, wireSearch()) });
    const { params } = renderSearchPage('/search');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search term' }), '   {Enter}');
    expect(params().has('q')).toBe(false);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search term' }), 'asthma{Enter}');
    expect(params().get('q')).toBe('   asthma');
  });

  it('restores term, selected result, open drawer and tab from a shared link', async () => {
    stubApi({
      '/api/search': () => json(200, wireSearch()),
      [`/api/articles/${ARTICLE_ID}`]: () => json(200, { data: wireArticle() }),
      '/api/discussions': () => json(200, { data: [], meta: { next_cursor: null, total: null } }),
    });
    renderSearchPage(`/search?q=heart%20attack&sri_id=${ARTICLE_ID}&mo=1&t=discussions`);

    expect(screen.getByRole('searchbox', { name: 'Search term' })).toHaveValue('heart attack');
    expect(await screen.findByRole('button', { name: 'Heart attack: the warning signs' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Discussions', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No discussions about this article yet' })).toBeInTheDocument();
  });
});

describe('Search page: results', () => {
  it('marks the matched words and never renders HTML from the snippet', async () => {
    const snippet = '<img src=x onerror="alert(1)"> a «heart attack» and «chest pain';
    stubApi({ '/api/search': () => json(200, wireSearch({ data: [wireHit({ snippet, title: '<b>Bold</b> title' })] })) });
    const { container } = renderSearchPage('/search?q=heart%20attack');

    const title = await screen.findByRole('button', { name: '<b>Bold</b> title' });
    expect(title).toBeInTheDocument();
    const marks = container.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['heart attack', 'chest pain']);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(/<img src=x/)).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/[«»]/);
    expect(screen.getByText('Wink Health')).toBeInTheDocument();
    expect(screen.getByText('Patient Education Handout')).toBeInTheDocument();
    expect(screen.getByText(/Main topics: Myocardial Infarction$/)).toBeInTheDocument();
    expect(screen.getByText('1 article')).toBeInTheDocument();
  });

  it('shows the search details: which MeSH descriptors the words were mapped to', async () => {
    stubApi({ '/api/search': () => json(200, wireSearch()) });
    renderSearchPage('/search?q=heart%20attack');

    expect(await screen.findByRole('button', { name: 'Search details', expanded: true })).toBeInTheDocument();
    expect(screen.getByText(/“heart attack” → Myocardial Infarction/)).toBeInTheDocument();
    expect(screen.getByText('(matched the everyday name “Heart Attack”)')).toBeInTheDocument();
  });

  it('shows a correction applied at once, and searches the words as typed on "Search instead"', async () => {
    const corrected = wireSearch({
      meta: {
        correction: { typed: 'pnuemonia', searched: 'pneumonia' },
        mapping: [{ ui: 'D011014', name: 'Pneumonia', matched: 'pneumonia', corrected_from: 'pnuemonia' }],
      },
    });
    const api = stubApi({
      '/api/search': (url) =>
        url.searchParams.get('verbatim') === 'true'
          ? json(200, wireSearch({ data: [], meta: { total: 0, mapping: [] } }))
          : json(200, corrected),
    });
    const { params } = renderSearchPage('/search?q=pnuemonia');

    const line = await screen.findByTestId('search-correction');
    expect(line).toHaveTextContent(/Showing results for pneumonia\s*·\s*Search instead for pnuemonia/);
    expect(screen.getByText('(corrected from “pnuemonia”)')).toBeInTheDocument();
    await waitFor(() => expect(track).toHaveBeenCalledWith('search_used', expect.objectContaining({ corrected: true })));

    await userEvent.click(within(line).getByRole('button', { name: 'pnuemonia' }));
    expect(params().get('q')).toBe('pnuemonia');
    expect(params().get('vb')).toBe('1');
    expect(track).toHaveBeenCalledWith('search_instead_clicked', { q_length: 9 });
    await waitFor(() => expect(api.to('/api/search').at(-1)!.searchParams.get('verbatim')).toBe('true'));
    expect(await screen.findByText('No articles found')).toBeInTheDocument();
    expect(screen.queryByTestId('search-correction')).not.toBeInTheDocument();
  });

  it('offers "did you mean" and searches the correction when followed', async () => {
    const api = stubApi({
      '/api/search': (url) =>
        url.searchParams.get('q') === 'diabetes'
          ? json(200, wireSearch())
          : json(200, wireSearch({ data: [], meta: { total: 0, mapping: [], did_you_mean: 'diabetes' } })),
    });
    const { params } = renderSearchPage('/search?q=diabetis');

    await userEvent.click(await screen.findByRole('button', { name: 'diabetes' }));

    expect(params().get('q')).toBe('diabetes');
    expect(screen.getByRole('searchbox', { name: 'Search term' })).toHaveValue('diabetes');
    await waitFor(() => expect(api.to('/api/search').at(-1)!.searchParams.get('q')).toBe('diabetes'));
  });

  it('shows an empty state when nothing matches, and an error state with a retry', async () => {
    let fail = true;
    stubApi({
      '/api/search': () => (fail ? json(500, { message: 'Server Error' }) : json(200, wireSearch({ data: [], meta: { total: 0 } }))),
    });
    renderSearchPage('/search?q=zzz');

    expect(await screen.findByRole('heading', { name: 'The search did not work' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No articles match yet' })).toBeInTheDocument();
    expect(screen.getByText('No articles found')).toBeInTheDocument();
  });

  it('sends the filters, keeps them in the URL and shows facet counts', async () => {
    const api = stubApi({ '/api/search': () => json(200, wireSearch()) });
    const { params } = renderSearchPage('/search?q=heart%20attack');

    const source = await screen.findByRole('combobox', { name: 'Source' });
    expect(within(source).getByRole('option', { name: 'PubMed (3)' })).toBeInTheDocument();
    await userEvent.selectOptions(source, 'pubmed');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Publication type' }), 'Review');
    fireEvent.change(screen.getByLabelText('Published from'), { target: { value: '2020-01-01' } });

    expect(params().get('source')).toBe('pubmed');
    expect(params().get('publication_type')).toBe('Review');
    expect(params().get('from')).toBe('2020-01-01');
    await waitFor(() => {
      const last = api.to('/api/search').at(-1)!.searchParams;
      expect([last.get('source'), last.get('publication_type'), last.get('from')]).toEqual(['pubmed', 'Review', '2020-01-01']);
    });

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(params().has('source')).toBe(false);
    expect(params().get('q')).toBe('heart attack');
  });

  it('says "about" for a total and facet counts estimated from a sample, and not for exact ones', async () => {
    const estimated = wireSearch({
      meta: {
        total: 170_000,
        total_estimated: true,
        facets: { source: [{ value: 'pubmed', count: 120_000 }], publication_type: [{ value: 'Review', count: 17_000 }] },
        facets_estimated: true,
      },
    });
    stubApi({ '/api/search': (url) => json(200, url.searchParams.get('q') === 'pain' ? estimated : wireSearch()) });
    renderSearchPage('/search?q=pain');

    expect(await screen.findByRole('status')).toHaveTextContent('About 170,000 articles');
    expect(
      within(screen.getByRole('combobox', { name: 'Source' })).getByRole('option', { name: 'PubMed (about 120,000)' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Publication type' })).getByRole('option', { name: 'Review (about 17,000)' }),
    ).toBeInTheDocument();
  });

  it('gives an exact total and facet counts as they are', async () => {
    stubApi({ '/api/search': () => json(200, wireSearch()) });
    renderSearchPage('/search?q=heart%20attack');
    expect(await screen.findByText('1 article')).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Source' })).getByRole('option', { name: 'Wink Health (12)' })).toBeInTheDocument();
  });

  it('loads more with the cursor and appends the next page', async () => {
    const api = stubApi({
      '/api/search': (url) =>
        url.searchParams.get('cursor') === 'c2'
          ? json(200, wireSearch({ data: [wireHit({ id: 'b2', title: 'Second page hit' })], meta: { total: 2 } }))
          : json(200, wireSearch({ data: [wireHit()], meta: { total: 2, next_cursor: 'c2' } })),
    });
    renderSearchPage('/search?q=heart');

    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('button', { name: 'Second page hit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Heart attack: the warning signs' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.to('/api/search').at(-1)!.searchParams.get('cursor')).toBe('c2');
  });

  it('tracks "search used" once per settled search, without the query text', async () => {
    stubApi({ '/api/search': () => json(200, wireSearch()) });
    renderSearchPage('/search?q=heart%20attack');

    await screen.findByRole('button', { name: 'Heart attack: the warning signs' });
    await waitFor(() => expect(track).toHaveBeenCalledWith('search_used', { q_length: 12, results: 1, corrected: false }));
    expect(vi.mocked(track).mock.calls.filter(([name]) => name === 'search_used')).toHaveLength(1);
    expect(JSON.stringify(vi.mocked(track).mock.calls)).not.toContain('heart');
  });
});

describe('Search page: the article drawer', () => {
  it('opens the selected result in the drawer, with the URL and analytics', async () => {
    stubApi({
      '/api/search': () => json(200, wireSearch()),
      [`/api/articles/${ARTICLE_ID}`]: () => json(200, { data: wireArticle() }),
    });
    const { params, router } = renderSearchPage('/search?q=heart%20attack');

    await userEvent.click(await screen.findByRole('button', { name: 'Heart attack: the warning signs' }));

    expect(params().get('sri_id')).toBe(ARTICLE_ID);
    expect(params().get('mo')).toBe('1');
    expect(params().get('t')).toBe('article');
    expect(track).toHaveBeenCalledWith('sri_clicked', { article_id: ARTICLE_ID, position: 1 });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('A heart attack happens when the flow of blood to the heart is blocked.')).toBeInTheDocument();
    expect(within(drawer).getByText('National Library of Medicine')).toBeInTheDocument();
    expect(within(drawer).getByText(/not medical advice/)).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('tab', { name: 'Collections' }));
    expect(params().get('t')).toBe('collections');
    // Without a signed-in reader the tab explains what it needs (the save flow: collections/components/article-collections-tab.test.tsx).
    expect(await screen.findByRole('heading', { name: 'Collections come with a plan' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Close the article' }));
    expect(params().has('mo')).toBe(false);
    await act(() => router.navigate(-1));
    expect(params().get('mo')).toBe('1');
  });

  it('expands a MeSH term to its plain-language explanation, and explains MeSH itself', async () => {
    const api = stubApi({
      [`/api/articles/${ARTICLE_ID}`]: () => json(200, { data: wireArticle() }),
      '/api/mesh/D009203': () =>
        json(200, {
          data: {
            ui: 'D009203',
            name: 'Myocardial Infarction',
            tree_numbers: ['C14.280.647.500'],
            scope_note: 'Damage to part of the heart muscle because its blood supply was cut off.',
            entry_terms: ['Heart Attack', 'Myocardial Infarct'],
            broader: [],
            narrower: [],
          },
        }),
    });
    renderSearchPage(`/search?sri_id=${ARTICLE_ID}&mo=1`);

    const term = await screen.findByRole('button', { name: 'What “Myocardial Infarction” means', expanded: false });
    expect(within(term).getByText('Main topic')).toBeInTheDocument();
    expect(api.to('/api/mesh/D009203')).toHaveLength(0);
    await userEvent.click(term);

    expect(await screen.findByText('Damage to part of the heart muscle because its blood supply was cut off.')).toBeInTheDocument();
    expect(screen.getByText('Also known as: Heart Attack, Myocardial Infarct')).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('mesh_info_expanded', { ui: 'D009203' });

    await userEvent.click(screen.getByRole('button', { name: 'What is MeSH?' }));
    expect(track).toHaveBeenCalledWith('info_button_clicked', { topic: 'mesh' });
    expect(screen.getByText(/vocabulary the U.S. National Library of Medicine uses/)).toBeVisible();
  });

  it('links to the source in a new tab, safely, and tracks the visit', async () => {
    stubApi({ [`/api/articles/${ARTICLE_ID}`]: () => json(200, { data: wireArticle() }) });
    renderSearchPage(`/search?sri_id=${ARTICLE_ID}&mo=1&t=article`);

    const link = await screen.findByRole('link', { name: 'Read at MedlinePlus' });
    expect(link).toHaveAttribute('href', 'https://medlineplus.gov/heartattack.html');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(track).toHaveBeenCalledWith('external_article_visited', { article_id: ARTICLE_ID, source: 'medlineplus' });
  });

  it('says so when the article cannot be loaded', async () => {
    stubApi({ [`/api/articles/${ARTICLE_ID}`]: () => json(404, { message: 'Not Found' }) });
    renderSearchPage(`/search?sri_id=${ARTICLE_ID}&mo=1`);

    expect(await screen.findByRole('heading', { name: 'This article could not be loaded' })).toBeInTheDocument();
  });
});

describe('Search page: the first view from the server', () => {
  const declared = (path: string) => runFirstViewData([SearchPage], path, { queryClient });

  it('fetches the first page of results a shared link asks for, under the key the page reads', async () => {
    const api = stubApi({ '/api/search': () => json(200, wireSearch()) });
    await declared('/search?q=%20heart%20attack%20&source=pubmed&vb=1');

    expect(api.to('/api/search')).toHaveLength(1);
    expect(api.to('/api/search')[0]!.searchParams.get('q')).toBe('heart attack');
    renderSearchPage('/search?q=%20heart%20attack%20&source=pubmed&vb=1');
    // Already there: the results show without another request.
    expect(await screen.findByRole('button', { name: 'Heart attack: the warning signs' })).toBeInTheDocument();
    expect(api.to('/api/search')).toHaveLength(1);
  });

  it('fetches nothing without a term or for a term over the limit', async () => {
    const api = stubApi({ '/api/search': () => json(200, wireSearch()) });
    await declared('/search');
    await declared(`/search?q=${'a'.repeat(2001)}`);
    expect(api.calls).toHaveLength(0);
  });

  it('fetches the discussions a discussion search shows, and not the articles', async () => {
    const api = stubApi({ '/api/discussions': () => discussionsPage([wireDiscussion({ title: 'Living with asthma' })]) });
    await declared('/search?q=%20asthma%20&qd=1');

    expect(api.to('/api/search')).toHaveLength(0);
    expect(api.to('/api/discussions')).toHaveLength(1);
    expect(api.to('/api/discussions')[0]!.searchParams.get('q')).toBe('asthma');
    renderSearchPage('/search?q=%20asthma%20&qd=1');
    expect(await screen.findByText('Living with asthma')).toBeInTheDocument();
    expect(api.to('/api/discussions')).toHaveLength(1);
  });
});
