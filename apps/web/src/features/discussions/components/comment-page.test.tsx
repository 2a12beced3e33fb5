import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { commentThreadQueryOptions } from '../api/get-comment-thread';
import CommentPage from './comment-page';
import { ada, fakeServer, json, listPage, renderRoute, wireComment, wireDiscussion } from '../../../test/discussions-testing';
import { runFirstViewData } from '../../../test/first-view';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

const renderComment = () =>
  renderRoute(<CommentPage />, { path: '/discussions/:id/comments/:commentId', url: '/discussions/d1/comments/c1' });

afterEach(() => vi.mocked(track).mockClear());

function thread(nextCursor: string | null) {
  return json(200, {
    data: { ...wireComment({ replies_count: 2 }), replies: [wireComment({ id: 'r1', parent_id: 'c1', author: ada, body: 'First reply' })] },
    meta: { next_cursor: nextCursor, discussion: wireDiscussion() },
  });
}

describe('Single comment page', () => {
  it('shows the comment with its first replies, more on request, and the way back', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1/comments/c1': () => thread('more'),
      'GET /api/discussions/d1/comments': ({ query }) =>
        query.get('parent_id') === 'c1' && query.get('cursor') === 'more'
          ? listPage([wireComment({ id: 'r2', parent_id: 'c1', author: ada, body: 'Second reply' })])
          : json(400, { message: 'unexpected' }),
    });
    renderComment();

    expect(await screen.findByRole('heading', { level: 1, name: 'Comment by grace' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Living with asthma' })).toHaveAttribute('href', '/discussions/d1');
    expect(screen.getByText('First reply')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View in discussion' })).toHaveAttribute('href', '/discussions/d1#comment-c1');

    await userEvent.click(screen.getByRole('button', { name: 'Load more replies' }));

    expect(await screen.findByText('Second reply')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/discussions/d1/comments')).toHaveLength(1);
  });

  it('replies from the box under the comment', async () => {
    let replies = [wireComment({ id: 'r1', parent_id: 'c1', author: ada, body: 'First reply' })];
    const server = fakeServer({
      'GET /api/discussions/d1/comments/c1': () => thread(null),
      'GET /api/discussions/d1/comments': () => listPage(replies),
      'POST /api/discussions/d1/comments': ({ body }) => {
        const created = wireComment({ id: 'r2', parent_id: 'c1', author: ada, body: body.body });
        replies = [...replies, created];
        return json(201, { data: created });
      },
    });
    renderComment();

    await userEvent.type(await screen.findByRole('textbox', { name: 'Your reply to grace' }), 'Thanks!');
    await userEvent.click(screen.getByRole('button', { name: 'Post reply' }));

    expect(await screen.findByText('Thanks!')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/discussions/d1/comments')[0]!.body).toEqual({ body: 'Thanks!', parent_id: 'c1' });
    expect(screen.getByRole('textbox', { name: 'Your reply to grace' })).toHaveValue('');
  });

  it('answers a comment that cannot be seen with the unavailable state', async () => {
    fakeServer({ 'GET /api/discussions/d1/comments/c1': () => json(404, { message: 'The comment was not found.' }) });
    renderComment();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This discussion does not exist or you cannot see it' }),
    ).toBeInTheDocument();
  });
});

describe('Single comment page rendered on the server', () => {
  it('comes with the comment, its first replies and its discussion before the page renders', async () => {
    fakeServer({ 'GET /api/discussions/d1/comments/c1': () => thread(null) });
    const queryClient = await runFirstViewData([CommentPage], '/discussions/d1/comments/c1', { params: { id: 'd1', commentId: 'c1' } });

    const cached = queryClient.getQueryData(commentThreadQueryOptions('d1', 'c1').queryKey);
    expect(cached?.data.replies.map((reply) => reply.body)).toEqual(['First reply']);
    expect(cached?.meta.discussion.title).toBe('Living with asthma');
  });
});
