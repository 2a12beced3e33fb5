import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import CollectionsPage from './collections-page';
import { fakeServer, json, listPage, renderCollectionRoute, wireCollection, wireDetail, wireItem } from './collections-testing';
import { wireUser } from '../../../test/wire-user';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

const renderIndex = (user = wireUser()) => renderCollectionRoute(<CollectionsPage />, { path: '/collections', url: '/collections', user });

describe('Collections page', () => {
  it('lists my collections with their counts and last change, and the draft first', async () => {
    fakeServer({
      'GET /api/collections/draft': () => json(200, { data: wireDetail([wireItem(1), wireItem(2)], { is_draft: true, id: 'dr' }) }),
      'GET /api/collections': () =>
        listPage([
          wireCollection({ items_count: 12, share_hash: 'h'.repeat(32) }),
          wireCollection({ id: 'c2', name: 'Sleep', description: '', items_count: 1 }),
        ]),
    });
    renderIndex();

    const list = await screen.findByRole('list', { name: 'Your collections' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Heart health' })).toHaveAttribute('href', '/collections/c1');
    expect(first).toHaveTextContent('Before the appointment');
    expect(first).toHaveTextContent('12 articles');
    expect(first).toHaveTextContent('Changed 3 hours ago');
    expect(first).toHaveTextContent('Shared by link');
    expect(second).toHaveTextContent('1 article');
    expect(second).not.toHaveTextContent('Shared by link');
    expect(screen.getByRole('link', { name: /Draft/ })).toHaveAttribute('href', '/collections/draft');
    expect(await screen.findByText('2 articles')).toBeInTheDocument();
  });

  it('creates a collection, refusing a blank name before asking, and opens it', async () => {
    const server = fakeServer({
      'GET /api/collections/draft': () => json(200, { data: wireDetail([], { is_draft: true }) }),
      'GET /api/collections': () => listPage([]),
      'POST /api/collections': ({ body }) => json(201, { data: wireDetail([], { id: 'new1', name: body.name! }) }),
    });
    const { location } = renderIndex();
    expect(await screen.findByRole('heading', { name: 'No collections yet' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Give the collection a name.')).toBeInTheDocument();
    expect(server.writes()).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('Knee surgery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(location()).toBe('/collections/new1'));
    expect(server.callsTo('POST', '/api/collections')[0]!.body).toEqual({ name: 'Knee surgery', description: '' });
  });

  it('shows the server’s sentence under the field it names', async () => {
    fakeServer({
      'GET /api/collections/draft': () => json(200, { data: wireDetail([], { is_draft: true }) }),
      'GET /api/collections': () => listPage([wireCollection()]),
      'PATCH /api/collections/c1': () => json(422, { message: 'The name is taken.', errors: { name: ['The name is taken.'] } }),
    });
    renderIndex();
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for “Heart health”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename or describe' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename or describe' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Heart health');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name is taken.')).toBeInTheDocument();
  });

  it('renames and deletes, the delete only after confirmation', async () => {
    let collections = [wireCollection()];
    const server = fakeServer({
      'GET /api/collections/draft': () => json(200, { data: wireDetail([], { is_draft: true }) }),
      'GET /api/collections': () => listPage(collections),
      'PATCH /api/collections/c1': ({ body }) => {
        collections = [wireCollection({ name: body.name!, description: body.description! })];
        return json(200, { data: wireDetail([], { name: body.name! }) });
      },
      'DELETE /api/collections/c1': () => {
        collections = [];
        return json(204);
      },
    });
    renderIndex();

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for “Heart health”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename or describe' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename or describe' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('Heart and lungs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'Heart and lungs' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('PATCH', '/api/collections/c1')[0]!.body).toEqual({
      name: 'Heart and lungs',
      description: 'Before the appointment',
    });

    await userEvent.click(screen.getByRole('button', { name: 'More actions for “Heart and lungs”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete collection' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete “Heart and lungs”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', '/api/collections/c1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'More actions for “Heart and lungs”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete collection' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete “Heart and lungs”?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('heading', { name: 'No collections yet' })).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/collections/c1')).toHaveLength(1);
  });

  it('without the read ability asks for nothing and opens the plans', async () => {
    const server = fakeServer({ 'GET /api/subscription/plans': () => json(200, { data: [] }) });
    renderIndex(wireUser({ subscription: null, trial_ends_at: '2020-01-01T00:00:00.000Z' }));
    // The dialog opens on arrival; behind it the page says why.
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Collections come with a plan', hidden: true })).toBeInTheDocument();
    expect(server.trail().filter((call) => call.includes('/api/collections'))).toEqual([]);
  });
});
