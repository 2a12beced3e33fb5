import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { camelizeKeys } from '../../../lib/case';
import { closeDialog, getOpenDialog } from '../../../lib/dialogs';
import { queryClient } from '../../../lib/query-client';
import { wireUser } from '../../../test/wire-user';
import { userKeys } from '../../auth';
import { grace } from '../../../test/discussions-testing';
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

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

// The discussion parts load lazily, as in the app: a file's first import of the form (Markdown editor
// and all) can pass the default one-second wait of findBy* on a busy machine, and typing into it the
// default five seconds of a test.
configure({ asyncUtilTimeout: 4000 });
const SLOW = { timeout: 20_000 };

const drawerUrl = `/search?q=heart%20attack&sri_id=${ARTICLE_ID}&mo=1&t=discussions`;

function signIn(overrides: Parameters<typeof wireUser>[0] = {}) {
  queryClient.setQueryData(userKeys.all, camelizeKeys(wireUser(overrides)));
}

afterEach(() => {
  closeDialog('subscription');
  queryClient.clear();
  vi.mocked(track).mockClear();
  vi.restoreAllMocks();
});

describe('Search page: the drawer’s discussions tab', () => {
  it('lists the discussions about the open article, each leading to its page', async () => {
    const api = stubApi({
      '/api/search': () => json(200, wireSearch()),
      [`/api/articles/${ARTICLE_ID}`]: () => json(200, { data: wireArticle() }),
      '/api/discussions': () =>
        discussionsPage([
          wireDiscussion(),
          wireDiscussion({ id: 'd2', title: 'Cardiac rehab: worth it?', access_type: 'invite_only', comments_count: 1, members_count: 4 }),
        ]),
    });
    renderSearchPage(drawerUrl);

    const drawer = await screen.findByRole('dialog', { name: 'Article details' });
    expect(await within(drawer).findByRole('heading', { name: 'Discussions about this article' })).toBeInTheDocument();
    const first = await within(drawer).findByRole('link', { name: 'Chest pain after a heart attack' });
    expect(first).toHaveAttribute('href', '/discussions/d1');
    expect(within(drawer).getByRole('link', { name: 'Cardiac rehab: worth it?' })).toHaveAttribute('href', '/discussions/d2');
    expect(within(drawer).getByText('Invite only')).toBeInTheDocument();
    expect(within(drawer).getByText('3 comments · 1 member · 2 upvotes')).toBeInTheDocument();
    expect(within(drawer).getByText('1 comment · 4 members · 2 upvotes')).toBeInTheDocument();
    expect(api.to('/api/discussions')[0]!.searchParams.get('article_id')).toBe(ARTICLE_ID);
  });

  it('lists where the article is cited: a comment leads to itself, a discussion to its page', async () => {
    stubApi({
      '/api/search': () => json(200, wireSearch()),
      [`/api/articles/${ARTICLE_ID}`]: () => json(200, { data: wireArticle() }),
      '/api/discussions': () => discussionsPage([wireDiscussion()]),
      [`/api/articles/${ARTICLE_ID}/citations`]: () =>
        discussionsPage([
          {
            discussion: { id: 'd1', title: 'Chest pain after a heart attack' },
            comment_id: 'c7',
            author: grace,
            created_at: '2026-02-01T11:00:00.000Z',
          },
          { discussion: { id: 'd4', title: 'Warning signs' }, comment_id: null, author: null, created_at: '2026-01-01T11:00:00.000Z' },
        ]),
    });
    renderSearchPage(drawerUrl);

    const drawer = await screen.findByRole('dialog', { name: 'Article details' });
    const citedIn = await within(drawer).findByRole('region', { name: 'Cited in' });
    expect(within(citedIn).getByRole('link', { name: 'A comment by grace in Chest pain after a heart attack' })).toHaveAttribute(
      'href',
      '/discussions/d1/comments/c7',
    );
    expect(within(citedIn).getByRole('link', { name: 'Warning signs, started by a former member' })).toHaveAttribute(
      'href',
      '/discussions/d4',
    );
  });

  it('says when nobody has discussed the article yet, and offers to start (dm=1)', async () => {
    stubApi({
      '/api/search': () => json(200, wireSearch()),
      [`/api/articles/${ARTICLE_ID}`]: () => json(200, { data: wireArticle() }),
      '/api/discussions': () => discussionsPage([]),
    });
    const { params } = renderSearchPage(drawerUrl);

    const drawer = await screen.findByRole('dialog', { name: 'Article details' });
    expect(await within(drawer).findByRole('heading', { name: 'No discussions about this article yet' })).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Start a discussion about this article' }));

    expect(params().get('dm')).toBe('1');
    expect(await screen.findByRole('dialog', { name: 'Start a discussion about this article' })).toBeInTheDocument();
  });
});

describe('Search page: starting a discussion (dm=1)', () => {
  it('posts the discussion linked to the article, then opens it', SLOW, async () => {
    signIn();
    const api = stubApi({
      [`/api/articles/${ARTICLE_ID}`]: () => json(200, { data: wireArticle() }),
      '/api/discussions': (_url, sent) =>
        sent.method === 'POST' ? json(201, { data: wireDiscussion({ id: 'd9', access_type: 'private' }) }) : discussionsPage([]),
    });
    const { router } = renderSearchPage(`/search?sri_id=${ARTICLE_ID}&dm=1`);

    const dialog = await screen.findByRole('dialog', { name: 'Start a discussion about this article' });
    expect(await within(dialog).findByText('Heart attack: the warning signs')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Back to running?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'When did you start **again**?');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Preview' }));
    expect((await within(dialog).findByText('again')).tagName).toBe('STRONG');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Private/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish discussion' }));

    expect(await screen.findByRole('status', { name: 'Current location' })).toHaveTextContent('/discussions/d9');
    expect(api.writes).toEqual([
      {
        method: 'POST',
        path: '/api/discussions',
        body: { title: 'Back to running?', body: 'When did you start **again**?', access_type: 'private', article_id: ARTICLE_ID },
      },
    ]);
    expect(track).toHaveBeenCalledWith('discussion_posted', { access_type: 'private' });
    // The posted discussion took the dialog's place in history: back returns to the search without it.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).not.toMatch(/dm=/);
  });

  it('cites an article picked from search in the new discussion’s text', SLOW, async () => {
    signIn();
    const picked = {
      ...wireHit({ id: '7a1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b', title: 'Cardiac rehabilitation [review]', source: 'pubmed' }),
      journal: 'Heart',
    };
    const api = stubApi({
      [`/api/articles/${ARTICLE_ID}`]: () => json(200, { data: wireArticle() }),
      '/api/search': () => json(200, wireSearch({ data: [picked] })),
    });
    renderSearchPage(`/search?sri_id=${ARTICLE_ID}&dm=1`);

    const dialog = await screen.findByRole('dialog', { name: 'Start a discussion about this article' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Read this:');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cite an article' }));
    const picker = await screen.findByRole('dialog', { name: 'Cite an article' });
    await userEvent.type(within(picker).getByRole('searchbox', { name: 'Search articles' }), 'rehab');
    await userEvent.click(await within(picker).findByRole('button', { name: 'Cite Cardiac rehabilitation [review]' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cite an article' })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('textbox', { name: 'Text' })).toHaveValue(
      `Read this: [Cardiac rehabilitation \\[review\\]](http://localhost:3000/search?sri_id=${picked.id}&mo=1&t=article)`,
    );
    expect(api.to('/api/search')[0]!.searchParams.get('q')).toBe('rehab');
    expect(track).toHaveBeenCalledWith('article_cited', { article_id: picked.id, source: 'pubmed' });
  });

  it('closes by removing dm from the URL, and back closes it as well', SLOW, async () => {
    signIn();
    stubApi({
      [`/api/articles/${ARTICLE_ID}`]: () => json(200, { data: wireArticle() }),
      '/api/discussions': () => discussionsPage([]),
    });
    const { params, router } = renderSearchPage(`/search?sri_id=${ARTICLE_ID}&mo=1&t=discussions`);

    await userEvent.click(await screen.findByRole('button', { name: 'Start a discussion about this article' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a discussion about this article' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close without publishing' }));
    expect(params().has('dm')).toBe(false);
    expect(params().get('sri_id')).toBe(ARTICLE_ID);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Start a discussion about this article' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Start a discussion about this article' }));
    expect(await screen.findByRole('dialog', { name: 'Start a discussion about this article' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(params().has('dm')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Start a discussion about this article' })).not.toBeInTheDocument());
  });

  it('offers a reader the leader plan instead of publishing', SLOW, async () => {
    signIn({ subscription: 'reader_subscription', trial_ends_at: null });
    const api = stubApi({ [`/api/articles/${ARTICLE_ID}`]: () => json(200, { data: wireArticle() }) });
    renderSearchPage(`/search?sri_id=${ARTICLE_ID}&dm=1`);

    const dialog = await screen.findByRole('dialog', { name: 'Start a discussion about this article' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Back to running?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'When did you start again?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish discussion' }));

    expect(getOpenDialog()).toMatchObject({ kind: 'subscription', ability: 'write', leaderOnly: true });
    expect(api.writes).toHaveLength(0);
  });
});

describe('Search page: searching discussions (qd=1)', () => {
  it('shows the discussions matching the term, a page at a time', async () => {
    const api = stubApi({
      '/api/discussions': (url) =>
        url.searchParams.get('cursor') === 'page2'
          ? discussionsPage([wireDiscussion({ id: 'd3', title: 'Asthma at night' })])
          : discussionsPage([wireDiscussion({ id: 'd2', title: 'Asthma and running' })], 'page2'),
    });
    renderSearchPage('/search?q=asthma&qd=1');

    expect(await screen.findByRole('link', { name: 'Asthma and running' })).toHaveAttribute('href', '/discussions/d2');
    expect(api.to('/api/discussions')[0]!.searchParams.get('q')).toBe('asthma');
    expect(api.to('/api/search')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Asthma at night' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Asthma and running' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('search_used', { q_length: 6, results: 1, target: 'discussions' });
  });

  it('says when no discussion matches', async () => {
    stubApi({ '/api/discussions': () => discussionsPage([]) });
    renderSearchPage('/search?q=zebra&qd=1');

    expect(await screen.findByRole('heading', { name: 'No discussions match' })).toBeInTheDocument();
  });

  it('switches between articles and discussions with the toggle, keeping the term', async () => {
    const api = stubApi({
      '/api/search': () => json(200, wireSearch()),
      '/api/discussions': () => discussionsPage([wireDiscussion()]),
    });
    const { params } = renderSearchPage('/search?q=heart%20attack');

    expect(await screen.findByRole('button', { name: 'Heart attack: the warning signs' })).toBeInTheDocument();
    const toggle = await screen.findByRole('group', { name: 'What to search' });
    expect(within(toggle).getByRole('button', { name: 'Articles', pressed: true })).toBeInTheDocument();

    await userEvent.click(within(toggle).getByRole('button', { name: 'Discussions' }));
    expect(params().get('qd')).toBe('1');
    expect(params().get('q')).toBe('heart attack');
    expect(await screen.findByRole('link', { name: 'Chest pain after a heart attack' })).toBeInTheDocument();
    expect(api.to('/api/discussions')[0]!.searchParams.get('q')).toBe('heart attack');
    expect(screen.getByRole('searchbox', { name: 'Search term' })).toHaveValue('heart attack');

    await userEvent.click(within(toggle).getByRole('button', { name: 'Articles' }));
    expect(params().has('qd')).toBe(false);
    expect(params().get('q')).toBe('heart attack');
    expect(await screen.findByRole('button', { name: 'Heart attack: the warning signs' })).toBeInTheDocument();
  });
});
