import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { closeDialog } from '../../../lib/dialogs';
import DiscussionPage from './discussion-page';
import { ada, fakeServer, grace, json, listPage, renderRoute, wireDiscussion } from '../../../test/discussions-testing';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

type User = Parameters<typeof renderRoute>[1]['user'];
const renderDiscussion = (url = '/discussions/d1', user?: User) => renderRoute(<DiscussionPage />, { path: '/discussions/:id', url, user });

afterEach(() => {
  closeDialog('subscription');
  vi.mocked(track).mockClear();
});

describe('Discussion page: the discussion', () => {
  it('shows title, access, owner and the sanitised body, and counts the visit once', async () => {
    fakeServer({
      'GET /api/discussions/d1': () =>
        json(200, { data: wireDiscussion({ body: 'What **helps** you? <img src=x onerror=alert(1)>', members_count: 4 }) }),
      'GET /api/discussions/d1/comments': () => listPage([]),
    });
    renderDiscussion();

    expect(await screen.findByRole('heading', { level: 1, name: 'Living with asthma' })).toBeInTheDocument();
    expect(screen.getByText('Public')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: grace.display_name })).toHaveAttribute('href', `/user-profile/${grace.sid}`);
    expect(screen.getByText('helps').tagName).toBe('STRONG');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Members (4)' })).toHaveAttribute('href', '/discussions/d1/members');
    expect(await screen.findByText('No comments yet. Be the first to reply.')).toBeInTheDocument();
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith('discussion_viewed', { access_type: 'public' });
  });

  it('links the article it is about to the search drawer', async () => {
    const articleId = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ article_id: articleId }) }),
      [`GET /api/articles/${articleId}`]: () => json(200, { data: { id: articleId, title: 'Asthma: the basics' } }),
      'GET /api/discussions/d1/comments': () => listPage([]),
    });
    renderDiscussion();

    expect(await screen.findByRole('link', { name: 'Asthma: the basics' })).toHaveAttribute(
      'href',
      `/search?sri_id=${articleId}&mo=1&t=article`,
    );
  });

  it('answers a missing or private discussion with the unavailable state', async () => {
    fakeServer({ 'GET /api/discussions/d1': () => json(404, { message: 'The discussion was not found.' }) });
    renderDiscussion();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This discussion does not exist or you cannot see it' }),
    ).toBeInTheDocument();
  });

  it('moves the upvote at once and settles on the server’s count', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ upvotes_count: 2 }) }),
      'GET /api/discussions/d1/comments': () => listPage([]),
      'POST /api/discussions/d1/upvote': () => json(200, { data: { upvoted: true, upvotes_count: 3 } }),
      'DELETE /api/discussions/d1/upvote': () => json(200, { data: { upvoted: false, upvotes_count: 2 } }),
    });
    renderDiscussion();

    await userEvent.click(await screen.findByRole('button', { name: 'Upvote (2 upvotes)', pressed: false }));
    expect(await screen.findByRole('button', { name: 'Upvote (3 upvotes)', pressed: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upvote (3 upvotes)' }));
    expect(await screen.findByRole('button', { name: 'Upvote (2 upvotes)', pressed: false })).toBeInTheDocument();
    expect(server.writes().map((call) => call.method)).toEqual(['POST', 'DELETE']);
  });

  it('lets the owner delete it after confirming, then returns to the list', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ owner: ada, membership: 'owner' }) }),
      'GET /api/discussions/d1/comments': () => listPage([]),
      'DELETE /api/discussions/d1': () => json(204, null),
    });
    const { location } = renderDiscussion();

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for this discussion' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this discussion?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(location()).toBe('/discussions'));
    expect(server.callsTo('DELETE', '/api/discussions/d1')).toHaveLength(1);
  });

  it('lets the owner edit title, text and access in place', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ owner: ada, membership: 'owner' }) }),
      'GET /api/discussions/d1/comments': () => listPage([]),
      'PATCH /api/discussions/d1': ({ body }) =>
        json(200, { data: wireDiscussion({ owner: ada, membership: 'owner', title: body.title, access_type: 'private' }) }),
    });
    renderDiscussion();

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for this discussion' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Asthma and running');
    await userEvent.click(screen.getByRole('radio', { name: /^Private/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Asthma and running' })).toBeInTheDocument();
    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/api/discussions/d1')[0]!.body).toMatchObject({ title: 'Asthma and running', access_type: 'private' });
  });

  it('lets the owner of an invite-only discussion change its public summary, with the count of characters', async () => {
    const owned = { owner: ada, membership: 'owner' as const, access_type: 'invite_only' as const, summary: 'Old words.' };
    const server = fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion(owned) }),
      'GET /api/discussions/d1/comments': () => listPage([]),
      'PATCH /api/discussions/d1': ({ body }) => json(200, { data: wireDiscussion({ ...owned, summary: body.summary as string }) }),
    });
    renderDiscussion();

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for this discussion' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const summary = await screen.findByRole('textbox', { name: 'Public summary (optional)' });
    expect(summary).toHaveValue('Old words.');
    expect(screen.getByText('10 / 300')).toBeInTheDocument();
    await userEvent.clear(summary);
    await userEvent.type(summary, 'New words for everyone.');
    expect(screen.getByText('23 / 300')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.callsTo('PATCH', '/api/discussions/d1')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/api/discussions/d1')[0]!.body).toMatchObject({ summary: 'New words for everyone.' });
  });
});

describe('Discussion page: invite-only from outside', () => {
  it('shows the owner’s summary in place of the body and turns a request into "Request pending"', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': () =>
        json(200, {
          data: wireDiscussion({
            access_type: 'invite_only',
            body: null,
            content_visible: false,
            excerpt: null,
            summary: 'A summary for everyone.',
          }),
        }),
      'POST /api/discussions/d1/access-requests': () =>
        json(201, { data: { id: 'r1', user: ada, status: 'pending', created_at: '2026-02-02T00:00:00.000Z', decided_at: null } }),
    });
    renderDiscussion();

    expect(await screen.findByText('A summary for everyone.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About this discussion' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /comments/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request access' }));

    expect(await screen.findByRole('button', { name: 'Request pending' })).toBeDisabled();
    expect(server.callsTo('POST', '/api/discussions/d1/access-requests')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/discussions/d1/comments')).toHaveLength(0);
    expect(track).toHaveBeenCalledWith('discussion_access_request_sent', { access_type: 'invite_only' });
  });

  it('says so when the owner declined', async () => {
    fakeServer({
      'GET /api/discussions/d1': () =>
        json(200, { data: wireDiscussion({ access_type: 'invite_only', body: null, content_visible: false, access_request: 'rejected' }) }),
    });
    renderDiscussion();

    expect(await screen.findByText('The owner declined your request to join.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request access' })).not.toBeInTheDocument();
  });
});
