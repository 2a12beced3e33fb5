import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import DraftCollectionPage from './draft-collection-page';
import { fakeServer, json, renderCollectionRoute, wireDetail, wireItem } from './collections-testing';

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
