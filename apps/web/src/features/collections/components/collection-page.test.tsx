import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CollectionItem as WireCollectionItem } from '@wink/contracts/collections';
import { describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { appEvents } from '../../../lib/app-events';
import { clearNotices } from '../../../lib/notices';
import { collectionQueryOptions } from '../api/get-collection';
import CollectionPage from './collection-page';
import {
  fakeServer,
  firstViewCache,
  json,
  LAPSED,
  listPage,
  renderCollectionRoute,
  wireCollection,
  wireDetail,
  wireItem,
} from './collections-testing';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

const renderCollection = (id = 'c1') => renderCollectionRoute(<CollectionPage />, { path: '/collections/:id', url: `/collections/${id}` });

const titles = () =>
  within(screen.getByRole('list', { name: /^Articles in/ }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

/** A server holding one collection of `count` items, answering reorders, notes and removals as the real one does. */
function collectionServer(count = 3, extra: Parameters<typeof fakeServer>[0] = {}) {
  let items: WireCollectionItem[] = Array.from({ length: count }, (_, i) => wireItem(i + 1));
  let shareHash: string | null = null;
  const renumber = () => (items = items.map((item, position) => ({ ...item, position })));
  const server = fakeServer({
    'GET /api/collections/c1': () => json(200, { data: wireDetail(items, { share_hash: shareHash }) }),
    'PATCH /api/collections/c1/items/:item': () => json(500),
    ...Object.fromEntries(
      items.map((item) => [
        `PATCH /api/collections/c1/items/${item.id}`,
        ({ body }: { body: Record<string, string> }) => {
          const current = items.find((entry) => entry.id === item.id)!;
          if (body.note !== undefined) current.note = body.note === '' ? null : body.note;
          if (body.position !== undefined) {
            items = items.filter((entry) => entry.id !== item.id);
            items.splice(Number(body.position), 0, current);
            renumber();
          }
          if (body.collection_id !== undefined) {
            items = items.filter((entry) => entry.id !== item.id);
            renumber();
          }
          return json(200, { data: current });
        },
      ]),
    ),
    ...Object.fromEntries(
      items.map((item) => [
        `DELETE /api/collections/c1/items/${item.id}`,
        () => {
          items = items.filter((entry) => entry.id !== item.id);
          renumber();
          return json(204);
        },
      ]),
    ),
    'POST /api/collections/c1/share': () => {
      shareHash = `${'a'.repeat(31)}${shareHash ? 'b' : 'a'}`;
      return json(200, { data: { share_hash: shareHash } });
    },
    'DELETE /api/collections/c1/share': () => {
      shareHash = null;
      return json(204);
    },
    ...extra,
  });
  return { server, items: () => items };
}

describe('Collection page', () => {
  it('shows the items in order with their article summary and note', async () => {
    fakeServer({
      'GET /api/collections/c1': () => json(200, { data: wireDetail([wireItem(1, { note: 'Ask Dr Lee\nabout the dose' }), wireItem(2)]) }),
    });
    renderCollection();
    expect(await screen.findByRole('heading', { level: 1, name: 'Heart health' })).toBeInTheDocument();
    expect(screen.getByText('2 articles')).toBeInTheDocument();
    expect(titles()).toEqual(['Article 1', 'Article 2']);
    const first = screen.getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: 'Article 1' })).toHaveAttribute(
      'href',
      '/search?sri_id=00000000-0000-4000-8000-000000000001&mo=1',
    );
    expect(within(first).getByText('Smith JA')).toBeInTheDocument();
    expect(within(first).getByText('The Lancet')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /Read at PubMed/ })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(first).getByText(/Ask Dr Lee/)).toHaveTextContent('Ask Dr Lee about the dose');
  });

  it('reorders by keyboard: the item moves at once, the server is told, the handle keeps the focus and it is announced', async () => {
    const { server } = collectionServer();
    renderCollection();
    const handle = await screen.findByRole('button', { name: 'Reorder “Article 1”' });
    handle.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(titles()).toEqual(['Article 2', 'Article 1', 'Article 3']);
    expect(screen.getByRole('status')).toHaveTextContent('“Article 1” moved to position 2 of 3.');
    await waitFor(() => expect(server.callsTo('PATCH', '/api/collections/c1/items/i1')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/api/collections/c1/items/i1')[0]!.body).toEqual({ position: '1' });
    expect(screen.getByRole('button', { name: 'Reorder “Article 1”' })).toHaveFocus();

    await userEvent.keyboard('{End}');
    await waitFor(() => expect(titles()).toEqual(['Article 2', 'Article 3', 'Article 1']));
    await userEvent.keyboard('{ArrowDown}'); // already last: nothing to send
    expect(server.callsTo('PATCH', '/api/collections/c1/items/i1')).toHaveLength(2);
  });

  it('reorders by dragging the handle onto another item', async () => {
    const { server } = collectionServer();
    renderCollection();
    const handle = await screen.findByRole('button', { name: 'Reorder “Article 3”' });
    const [first] = screen.getAllByRole('listitem');
    fireEvent.dragStart(handle, { dataTransfer: { setData: vi.fn(), setDragImage: vi.fn() } });
    // Over the upper half of the first card (jsdom's boxes are all zero: clientY -1 is above the middle).
    const overTop = (type: 'dragOver' | 'drop') => {
      const event = createEvent[type](first!, { dataTransfer: {} });
      Object.defineProperty(event, 'clientY', { value: -1 });
      fireEvent(first!, event);
    };
    overTop('dragOver');
    overTop('drop');
    await waitFor(() => expect(titles()).toEqual(['Article 3', 'Article 1', 'Article 2']));
    await waitFor(() => expect(server.callsTo('PATCH', '/api/collections/c1/items/i3')[0]?.body).toEqual({ position: '0' }));
  });

  it('puts the order back when the server refuses a move', async () => {
    collectionServer(3, { 'PATCH /api/collections/c1/items/i1': () => json(404, { message: 'The item was not found.' }) });
    renderCollection();
    (await screen.findByRole('button', { name: 'Reorder “Article 1”' })).focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(titles()).toEqual(['Article 1', 'Article 2', 'Article 3']));
  });

  it('edits a note, refusing one over 10,000 characters before asking', async () => {
    const { server } = collectionServer(1);
    renderCollection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a note: Article 1' }));
    const field = await screen.findByRole('textbox', { name: 'Note on “Article 1”' });
    fireEvent.change(field, { target: { value: 'x'.repeat(10_001) } });
    expect(screen.getByText('A note has at most 10,000 characters: this one has 10,001.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    fireEvent.change(field, { target: { value: 'Bring the scan' } });
    expect(screen.getByText('14 / 10,000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bring the scan')).toBeInTheDocument();
    expect(server.writes().map((call) => call.body)).toEqual([{ note: 'Bring the scan' }]);
    expect(screen.getByRole('button', { name: 'Edit note: Article 1' })).toBeInTheDocument();
  });

  it('removes an item through the app event bus, from its menu or from anywhere else', async () => {
    const { server } = collectionServer();
    renderCollection();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for “Article 2”' }));
    const emitted = vi.fn();
    const off = appEvents.on('collection:item-remove', emitted);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove from collection' }));
    off();
    expect(emitted).toHaveBeenCalledWith({ collectionId: 'c1', itemId: 'i2' });
    await waitFor(() => expect(titles()).toEqual(['Article 1', 'Article 3']));
    expect(server.callsTo('DELETE', '/api/collections/c1/items/i2')).toHaveLength(1);

    act(() => appEvents.emit('collection:item-remove', { collectionId: 'c1', itemId: 'i3' }));
    await waitFor(() => expect(titles()).toEqual(['Article 1']));
    // Another collection's event is not this list's business.
    act(() => appEvents.emit('collection:item-remove', { collectionId: 'other', itemId: 'i1' }));
    expect(server.callsTo('DELETE', '/api/collections/c1/items/i1')).toHaveLength(0);
  });

  it('moves an item to another collection, a full one not offered, and copies to another', async () => {
    const { server } = collectionServer(2, {
      'GET /api/collections/draft': () => json(200, { data: wireDetail([], { id: 'dr', is_draft: true, items_count: 0 }) }),
      'GET /api/collections': () =>
        listPage([
          wireCollection(),
          wireCollection({ id: 'c2', name: 'Sleep' }),
          wireCollection({ id: 'c3', name: 'Full one', items_count: 100 }),
        ]),
      'POST /api/collections/dr/items': ({ body }) => json(201, { data: wireItem(9, { note: body.note ?? null }) }),
    });
    renderCollection();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for “Article 1”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move to another collection…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Article 1” to…' });
    expect(within(dialog).queryByRole('button', { name: /Heart health/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Full one/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: /Sleep/ }));
    expect(await screen.findByText('Moved to “Sleep”.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/api/collections/c1/items/i1')[0]!.body).toEqual({ collection_id: 'c2' });
    await waitFor(() => expect(titles()).toEqual(['Article 2']));
    act(() => clearNotices());

    await userEvent.click(screen.getByRole('button', { name: 'Actions for “Article 2”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Copy to another collection…' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Copy “Article 2” to…' })).getByRole('button', { name: /Draft/ }),
    );
    expect(await screen.findByText('Copied to “Draft”.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/collections/dr/items')[0]!.body).toEqual({ article_id: wireItem(2).article.id });
    expect(titles()).toEqual(['Article 2']);
  });

  it('shares by link: creates, copies, regenerates and revokes it', async () => {
    const { server } = collectionServer(1);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCollection();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share “Heart health”' });
    expect(within(dialog).getByText('This collection is not shared.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Link to this collection' });
    expect(link).toHaveValue(`${window.location.origin}/shared/${'a'.repeat(32)}`);
    expect(track).toHaveBeenCalledWith('collection_shared', { items: 1, regenerated: false });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/shared/${'a'.repeat(32)}`);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'New link' }));
    await waitFor(() => expect(link).toHaveValue(`${window.location.origin}/shared/${'a'.repeat(31)}b`));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    expect(await within(dialog).findByText('This collection is not shared.')).toBeInTheDocument();
    expect(server.trail().filter((call) => call.includes('/share'))).toEqual([
      'POST /api/collections/c1/share',
      'POST /api/collections/c1/share',
      'DELETE /api/collections/c1/share',
    ]);
  });

  it('downloads an export in the format chosen, named as the server names it', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { server } = collectionServer(1, {
      'GET /api/collections/c1/export': () =>
        new Response('TY  - JOUR\r\nER  - \r\n', {
          status: 200,
          headers: {
            'content-type': 'application/x-research-info-systems',
            'content-disposition': 'attachment; filename="heart-health.ris"',
          },
        }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('heart-health.ris');
    });
    renderCollection();
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Download as RIS' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.callsTo('GET', '/api/collections/c1/export')[0]!.query.get('format')).toBe('ris');
    expect(await createObjectURL.mock.calls[0]![0].text()).toContain('TY  - JOUR');
  });

  it('answers an unknown or someone else’s collection with one unavailable page', async () => {
    fakeServer({ 'GET /api/collections/nope': () => json(404, { message: 'The collection was not found.' }) });
    renderCollection('nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This collection does not exist or you cannot see it' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your collections' })).toHaveAttribute('href', '/collections');
  });
});

describe('Collection page: the first view from the server', () => {
  const declared = (user?: typeof LAPSED) => firstViewCache(CollectionPage, { url: '/collections/c1', params: { id: 'c1' }, user });

  it('holds the collection with its items in order, under the key the page reads', async () => {
    fakeServer({ 'GET /api/collections/c1': () => json(200, { data: wireDetail([wireItem(1), wireItem(2)]) }) });
    const queryClient = await declared();

    const collection = queryClient.getQueryData(collectionQueryOptions('c1').queryKey);
    expect(collection?.name).toBe('Heart health');
    expect(collection?.items.map((item) => item.article.title)).toEqual(['Article 1', 'Article 2']);
  });

  it('asks nothing for a person who may not keep collections: the page shows them the plans', async () => {
    const server = fakeServer({ 'GET /api/collections/c1': () => json(200, { data: wireDetail([wireItem(1)]) }) });
    const queryClient = await declared(LAPSED);

    expect(server.calls).toHaveLength(0);
    expect(queryClient.getQueryData(collectionQueryOptions('c1').queryKey)).toBeUndefined();
  });
});
