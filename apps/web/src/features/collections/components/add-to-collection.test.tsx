import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { wireUser } from '../../../test/wire-user';
import { SaveToCollectionButton } from '../../search/components/save-to-collection-button';
import ArticleCollectionsTab from './article-collections-tab';
import { fakeServer, json, listPage, renderCollectionRoute, wireCollection, wireDetail, wireItem } from './collections-testing';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

const ARTICLE = wireItem(7).article.id;

beforeEach(() => vi.mocked(track).mockClear());

function savingServer(draftItems = [wireItem(1)]) {
  return fakeServer({
    'GET /api/collections/draft': () => json(200, { data: wireDetail(draftItems, { id: 'dr', is_draft: true, name: 'Draft' }) }),
    'GET /api/collections': () =>
      listPage([wireCollection({ items_count: 3 }), wireCollection({ id: 'full', name: 'Everything', items_count: 100 })]),
    'POST /api/collections/dr/items': () => json(201, { data: wireItem(7) }),
    'POST /api/collections/c1/items': () => json(422, { message: 'This article is already in the collection.', errors: {} }),
  });
}

const renderButton = (user = wireUser()) =>
  renderCollectionRoute(<SaveToCollectionButton articleId={ARTICLE} title="Article 7" />, { path: '/search', url: '/search', user });

describe('Saving from a search result', () => {
  it('offers the draft and every collection with how full it is, and saves to the one chosen', async () => {
    const server = savingServer();
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Save “Article 7” to a collection' }));
    const menu = await screen.findByRole('menu', { name: 'Save to' });
    expect(await within(menu).findByRole('menuitem', { name: /Draft/ })).toHaveTextContent('1 of 100');
    expect(within(menu).getByRole('menuitem', { name: /Heart health/ })).toHaveTextContent('3 of 100');
    await userEvent.click(await within(menu).findByRole('menuitem', { name: /Draft/ }));
    expect(await screen.findByText('Saved to “Draft”.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/collections/dr/items')[0]!.body).toEqual({ article_id: ARTICLE });
    expect(track).toHaveBeenCalledWith('collection_item_added', { origin: 'search_result', target: 'draft' });
  });

  it('says a collection is full without asking the server', async () => {
    const server = savingServer();
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Save “Article 7” to a collection' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Everything/ }));
    expect(
      await screen.findByText('“Everything” is full: a collection holds at most 100 articles. Remove one or pick another collection.'),
    ).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
  });

  it('opens the plans, and asks for nothing, without the read ability', async () => {
    const server = fakeServer({ 'GET /api/subscription/plans': () => json(200, { data: [] }) });
    renderButton(wireUser({ subscription: null, trial_ends_at: '2020-01-01T00:00:00.000Z' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save “Article 7” to a collection' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(server.trail().filter((call) => call.includes('/api/collections'))).toEqual([]);
  });
});

describe('The drawer’s collections tab', () => {
  it('shows whether the article is in the draft, saves it elsewhere, and passes on the server’s refusal', async () => {
    const server = savingServer([wireItem(7)]);
    renderCollectionRoute(<ArticleCollectionsTab articleId={ARTICLE} />, { path: '/search', url: '/search?t=collections' });
    expect(await screen.findByRole('heading', { name: 'Save this article' })).toBeInTheDocument();
    expect(await screen.findByText('In your draft')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save: Heart health' }));
    expect(await screen.findByText('This article is already in the collection.')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('POST', '/api/collections/c1/items')).toHaveLength(1));
    expect(track).not.toHaveBeenCalledWith('collection_item_added', expect.anything());
    expect(screen.getByRole('link', { name: 'Manage your collections' })).toHaveAttribute('href', '/collections');
  });
});
