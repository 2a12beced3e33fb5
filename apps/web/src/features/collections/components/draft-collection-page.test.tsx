import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { draftCollectionQueryOptions } from '../api/get-draft-collection';
import DraftCollectionPage from './draft-collection-page';
import { fakeServer, firstViewCache, json, LAPSED, renderCollectionRoute, wireDetail, wireItem } from './collections-testing';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

const renderDraft = () => renderCollectionRoute(<DraftCollectionPage />, { path: '/collections/draft', url: '/collections/draft' });

describe('Draft collection page', () => {
  it('invites to search when the draft is empty', async () => {
    fakeServer({ 'GET /api/collections/draft': () => json(200, { data: wireDetail([], { id: 'dr', is_draft: true, name: 'Draft' }) }) });
    renderDraft();
    expect(await screen.findByRole('heading', { name: 'Your draft is empty' })).toBeInTheDocument();
    expect(screen.getByText(/A collection holds up to 100 articles/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search articles' })).toHaveAttribute('href', '/search');
  });

  it('saves its items as a named collection and opens it', async () => {
    const server = fakeServer({
      'GET /api/collections/draft': () =>
        json(200, { data: wireDetail([wireItem(1), wireItem(2)], { id: 'dr', is_draft: true, name: 'Draft' }) }),
      'PATCH /api/collections/dr': ({ body }) =>
        json(200, { data: wireDetail([wireItem(1), wireItem(2)], { id: 'dr', name: body.name!, description: body.description! }) }),
    });
    const { location } = renderDraft();
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft collection' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: /^Articles in/ })).toHaveTextContent('Article 1');

    await userEvent.click(screen.getByRole('button', { name: 'Save collection' }));
    expect(screen.getByText('Give the collection a name.')).toBeInTheDocument();
    expect(server.writes()).toHaveLength(0);

    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('Sleep and the heart');
    await userEvent.click(screen.getByRole('button', { name: 'Save collection' }));
    await waitFor(() => expect(location()).toBe('/collections/dr'));
    expect(server.callsTo('PATCH', '/api/collections/dr')[0]!.body).toEqual({
      name: 'Sleep and the heart',
      description: '',
      is_draft: '0',
    });
  });
});

describe('Draft collection page: the first view from the server', () => {
  const draft = () => json(200, { data: wireDetail([wireItem(1), wireItem(2)], { id: 'dr', is_draft: true, name: 'Draft' }) });

  it('holds the draft with its items, under the key the page reads', async () => {
    fakeServer({ 'GET /api/collections/draft': draft });
    const queryClient = await firstViewCache(DraftCollectionPage, { url: '/collections/draft' });

    const held = queryClient.getQueryData(draftCollectionQueryOptions().queryKey);
    expect(held?.items.map((item) => item.article.title)).toEqual(['Article 1', 'Article 2']);
  });

  it('asks nothing for a person who may not keep collections (the server would make them a draft)', async () => {
    const server = fakeServer({ 'GET /api/collections/draft': draft });
    await firstViewCache(DraftCollectionPage, { url: '/collections/draft', user: LAPSED });

    expect(server.calls).toHaveLength(0);
  });
});
