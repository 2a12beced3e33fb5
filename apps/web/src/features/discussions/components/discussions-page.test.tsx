import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import DiscussionsPage from './discussions-page';
import { fakeServer, grace, listPage, renderRoute, wireDiscussion } from '../../../test/discussions-testing';
import { stubReachEnd } from '../../../test/intersection-observer';

const renderList = (url = '/discussions') => renderRoute(<DiscussionsPage />, { path: '/discussions', url });

describe('Discussions page', () => {
  it('shows each discussion as a card and loads the next page on request', async () => {
    const server = fakeServer({
      'GET /api/discussions': ({ query }) =>
        query.get('cursor') === 'page-2'
          ? listPage([wireDiscussion({ id: 'd2', title: 'Sleep after surgery', access_type: 'invite_only' })])
          : listPage([wireDiscussion({ comments_count: 3, members_count: 2, upvotes_count: 5 })], 'page-2'),
    });
    renderList();

    expect(screen.getByRole('heading', { level: 1, name: 'Discussions' })).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Living with asthma' })).closest('article')!;
    expect(screen.getByRole('link', { name: 'Living with asthma' })).toHaveAttribute('href', '/discussions/d1');
    expect(within(card).getByText('What helps you?')).toBeInTheDocument();
    expect(within(card).getByText('Public')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: grace.display_name })).toHaveAttribute('href', `/user-profile/${grace.sid}`);
    expect(within(card).getByText('3 comments')).toBeInTheDocument();
    expect(within(card).getByText('2 members')).toBeInTheDocument();
    expect(within(card).getByText('5 upvotes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'Sleep after surgery' })).toBeInTheDocument();
    expect(screen.getByText('Invite only')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/discussions').map((call) => call.query.get('cursor'))).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const reachEnd = stubReachEnd();
    fakeServer({
      'GET /api/discussions': ({ query }) =>
        query.get('cursor')
          ? listPage([wireDiscussion({ id: 'd2', title: 'Sleep after surgery' })])
          : listPage([wireDiscussion()], 'page-2'),
    });
    renderList();
    await screen.findByRole('link', { name: 'Living with asthma' });

    act(() => reachEnd());

    expect(await screen.findByRole('link', { name: 'Sleep after surgery' })).toBeInTheDocument();
  });

  it('invites to start the first discussion when there is none', async () => {
    fakeServer({ 'GET /api/discussions': () => listPage([]) });
    renderList();

    expect(await screen.findByRole('heading', { level: 2, name: 'No discussions yet' })).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Start a discussion' })) {
      expect(link).toHaveAttribute('href', '/discussions/create-discussion');
    }
  });

  it('keeps the search in ?q= after a pause and asks the server with it', async () => {
    const server = fakeServer({
      'GET /api/discussions': ({ query }) => listPage(query.get('q') === 'asthma' ? [wireDiscussion()] : []),
    });
    const { location } = renderList();
    await screen.findByRole('heading', { name: 'No discussions yet' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search discussions' }), 'asthma');
    expect(location()).toBe('/discussions');

    await waitFor(() => expect(location()).toBe('/discussions?q=asthma'));
    expect(await screen.findByRole('link', { name: 'Living with asthma' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/discussions').at(-1)!.query.get('q')).toBe('asthma');
  });

  it('switches scope through ?scope= and explains an empty tab', async () => {
    const server = fakeServer({ 'GET /api/discussions': () => listPage([]) });
    const { location } = renderList('/discussions?q=zzz');
    expect(await screen.findByRole('heading', { name: 'No discussions match' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search discussions' })).toHaveValue('zzz');

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search discussions' }));
    await waitFor(() => expect(location()).toBe('/discussions'));
    await userEvent.click(screen.getByRole('tab', { name: 'Mine' }));

    expect(location()).toBe('/discussions?scope=mine');
    expect(await screen.findByRole('heading', { name: 'You have not started a discussion yet' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/discussions').at(-1)!.query.get('scope')).toBe('mine');

    await userEvent.click(screen.getByRole('tab', { name: 'Joined' }));
    expect(await screen.findByRole('heading', { name: 'You have not joined a discussion yet' })).toBeInTheDocument();
  });
});
