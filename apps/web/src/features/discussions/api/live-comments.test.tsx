import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommentCreatedEvent } from '@wink/contracts/events';
import { describe, expect, it, vi } from 'vitest';
import type { subscribeToDiscussion } from '../../../lib/socket';
import DiscussionPage from '../components/discussion-page';
import { ada, fakeServer, json, listPage, renderRoute, wireComment, wireDiscussion } from '../../../test/discussions-testing';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

/** The socket, as the page sees it: what it subscribed to, and a way to push what the server would. */
const subscriptions = new Map<string, Parameters<typeof subscribeToDiscussion>[1]>();
vi.mock('../../../lib/socket', () => ({
  subscribeToDiscussion: (id: string, handlers: Parameters<typeof subscribeToDiscussion>[1]) => {
    subscriptions.set(id, handlers);
    return () => subscriptions.delete(id);
  },
}));

async function push(comment: CommentCreatedEvent['comment']) {
  await vi.waitFor(() => expect(subscriptions.has('d1')).toBe(true));
  act(() => subscriptions.get('d1')!.onComment({ discussion_id: 'd1', comment }));
}

const renderDiscussion = () => renderRoute(<DiscussionPage />, { path: '/discussions/:id', url: '/discussions/d1' });
const commentBy = (name: string) => screen.findByRole('article', { name: `Comment by ${name}` });

describe('Comments pushed while the discussion is open', () => {
  it('appear under the others and move the count once, however often they arrive', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ comments_count: 1 }) }),
      'GET /api/discussions/d1/comments': () => listPage([wireComment()]),
    });
    renderDiscussion();
    await commentBy('grace');
    expect(screen.getByRole('heading', { name: '1 comment' })).toBeInTheDocument();

    const pushed = wireComment({ id: 'live-1', author: ada, body: 'Just posted elsewhere.' });
    await push(pushed);
    await push(pushed);

    expect(within(await commentBy('ada')).getByText('Just posted elsewhere.')).toBeInTheDocument();
    expect(screen.getAllByRole('article', { name: 'Comment by ada' })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: '2 comments' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('New comment from ada');
    // No request per pushed comment.
    expect(server.callsTo('GET', '/api/discussions/d1/comments')).toHaveLength(1);
  });

  it('wait for "Load more" when older pages are still to load, and count a reply on its thread', async () => {
    fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ comments_count: 30 }) }),
      'GET /api/discussions/d1/comments': () => listPage([wireComment()], 'next'),
    });
    renderDiscussion();
    await commentBy('grace');

    await push(wireComment({ id: 'live-2', author: ada, body: 'Page 2 material.' }));
    await push(wireComment({ id: 'live-3', author: ada, parent_id: 'c1', body: 'A reply.' }));

    expect(await screen.findByRole('heading', { name: '32 comments' })).toBeInTheDocument();
    expect(screen.queryByText('Page 2 material.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show 1 reply' })).toBeInTheDocument();
  });

  it('count my own comment once when the socket brings it as well as the answer to my post', async () => {
    let comments = [wireComment()];
    fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ comments_count: 1 }) }),
      'GET /api/discussions/d1/comments': () => listPage(comments),
      'POST /api/discussions/d1/comments': ({ body }) => {
        const created = wireComment({ id: 'mine-1', author: ada, body: body.body as string });
        comments = [...comments, created];
        return json(201, { data: created });
      },
    });
    renderDiscussion();
    await commentBy('grace');
    // The socket is quicker than the answer here.
    await push(wireComment({ id: 'mine-1', author: ada, body: 'Mine.' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Mine.');
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));

    await commentBy('ada');
    expect(screen.getByRole('heading', { name: '2 comments' })).toBeInTheDocument();
  });
});
