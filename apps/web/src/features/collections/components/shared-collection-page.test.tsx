import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SharedCollection as WireSharedCollection } from '@wink/contracts/collections';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { setAuthStatus } from '../../../lib/auth-status';
import { wireUser } from '../../../test/wire-user';
import { sharedCollectionQueryOptions } from '../api/get-shared-collection';
import SharedCollectionPage from './shared-collection-page';
import { fakeServer, firstViewCache, grace, json, renderCollectionRoute, wireDetail, wireItem } from './collections-testing';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

const HASH = 'Abc123_-'.repeat(4);

const shared = (): WireSharedCollection => ({
  share_hash: HASH,
  name: 'Statins and the heart',
  description: 'What we read before the appointment',
  owner: grace,
  items_count: 2,
  updated_at: '2026-02-01T10:00:00.000Z',
  items: [wireItem(1, { note: 'The one Dr Lee mentioned' }), wireItem(2)],
});

const renderShared = (user = wireUser()) =>
  renderCollectionRoute(<SharedCollectionPage />, { path: '/shared/:collectionHash', url: `/shared/${HASH}`, user });

afterEach(() => {
  setAuthStatus('unknown');
  vi.mocked(track).mockClear();
});

describe('Shared collection page', () => {
  it('opens read-only for a guest, who is offered to sign in and come back', async () => {
    setAuthStatus('signed-out');
    const server = fakeServer({ [`GET /api/shared/${HASH}`]: () => json(200, { data: shared() }) });
    renderShared();
    expect(await screen.findByRole('heading', { level: 1, name: 'Statins and the heart' })).toBeInTheDocument();
    expect(screen.getByText('Shared by grace')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Articles in “Statins and the heart”' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Article 1', 'Article 2']);
    expect(within(list).getByText('The one Dr Lee mentioned')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to save a copy' })).toHaveAttribute(
      'href',
      `/sign-in?redirect=${encodeURIComponent(`/shared/${HASH}`)}`,
    );
    expect(track).toHaveBeenCalledWith('shared_collection_opened', { items: 2, signed_in: false });
    expect(server.trail()).toEqual([`GET /api/shared/${HASH}`]);
  });

  it('lets a signed-in reader save a copy, tracked, and opens it', async () => {
    setAuthStatus('signed-in');
    const server = fakeServer({
      [`GET /api/shared/${HASH}`]: () => json(200, { data: shared() }),
      [`POST /api/shared/${HASH}/save`]: () =>
        json(201, { data: wireDetail([wireItem(1), wireItem(2)], { id: 'copy1', saved_from: HASH }) }),
    });
    const { location } = renderShared(wireUser({ subscription: 'reader_subscription', trial_ends_at: null }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save a copy' }));
    await waitFor(() => expect(location()).toBe('/collections/copy1'));
    expect(server.callsTo('POST', `/api/shared/${HASH}/save`)).toHaveLength(1);
    expect(track).toHaveBeenCalledWith('collection_saved', { items: 2 });
    expect(track).toHaveBeenCalledWith('shared_collection_opened', { items: 2, signed_in: true });
  });

  it('opens the plans instead of saving for someone without the read ability', async () => {
    setAuthStatus('signed-in');
    const server = fakeServer({
      [`GET /api/shared/${HASH}`]: () => json(200, { data: shared() }),
      'GET /api/subscription/plans': () => json(200, { data: [] }),
    });
    renderShared(wireUser({ subscription: null, trial_ends_at: '2020-01-01T00:00:00.000Z' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save a copy' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
  });

  it('says a revoked or mistyped link does not work', async () => {
    setAuthStatus('signed-out');
    fakeServer({ [`GET /api/shared/${HASH}`]: () => json(404, { message: 'The shared collection was not found.' }) });
    renderShared();
    expect(await screen.findByRole('heading', { level: 1, name: 'This shared link does not work' })).toBeInTheDocument();
    expect(track).not.toHaveBeenCalled();
  });
});

describe('Shared collection page: the first view from the server', () => {
  it.each([
    ['a guest', null],
    ['a signed-in reader', wireUser()],
  ])('holds the collection with its notes for %s, under the key the page reads', async (_who, user) => {
    const server = fakeServer({ [`GET /api/shared/${HASH}`]: () => json(200, { data: shared() }) });
    const queryClient = await firstViewCache(SharedCollectionPage, { url: `/shared/${HASH}`, params: { collectionHash: HASH }, user });

    const held = queryClient.getQueryData(sharedCollectionQueryOptions(HASH).queryKey);
    expect(held?.name).toBe('Statins and the heart');
    expect(held?.items.map((item) => item.note)).toEqual(['The one Dr Lee mentioned', null]);
    expect(server.trail()).toEqual([`GET /api/shared/${HASH}`]);
  });
});
