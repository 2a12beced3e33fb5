import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Topic } from '@wink/contracts/topics';
import { describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { fakeServer, json, listPage, renderRoute, wireDiscussion } from '../../../test/discussions-testing';
import TopicPage from './topic-page';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

/** Real MeSH: Migraine Disorders (D008881); Headache Disorders (D020773) is above it in the tree. */
const migraine: Topic = {
  ui: 'D008881',
  name: 'Migraine Disorders',
  lay_name: 'Migraine',
  scope_note: 'Repeated attacks of throbbing headache.',
  synonyms: ['Migraine Headache', 'Sick Headache'],
  broader: [{ ui: 'D020773', name: 'Headache Disorders' }],
  narrower: [],
  followed: false,
  followers_count: 0,
  articles: [
    {
      id: '3f1c2a9e-3d44-4c1e-9a55-6f0b2b7c1d10',
      source: 'curated',
      external_id: 'curated-migraine-prevention',
      title: 'Preventing migraine attacks',
      authors: [],
      journal: null,
      published_at: '2024-03-01',
      url: null,
      publication_types: [],
      mesh_terms: [{ ui: 'D008881', name: 'Migraine Disorders', major: true }],
    },
  ],
};

describe('Topic page', () => {
  it('shows the lay name first, the MeSH name, the tree, the best articles and the tagged discussions, and follows', async () => {
    const server = fakeServer({
      'GET /api/topics/D008881': () => json(200, { data: migraine }),
      'GET /api/topics/D008881/discussions': () =>
        listPage([
          wireDiscussion({
            id: 'd7',
            title: 'Migraine support circle',
            access_type: 'invite_only',
            body: null,
            excerpt: null,
            summary: 'A small circle about prevention.',
            content_visible: false,
            mesh_terms: [{ ui: 'D008881', name: 'Migraine Disorders' }],
          }),
        ]),
      'POST /api/topics/D008881/follow': () => json(200, { data: { followed: true, followers_count: 1 } }),
    });
    renderRoute(<TopicPage />, { path: '/topics/:ui', url: '/topics/D008881' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Migraine' })).toBeInTheDocument();
    expect(screen.getByText('MeSH: Migraine Disorders (D008881)')).toBeInTheDocument();
    expect(screen.getByText('Also called: Migraine Headache, Sick Headache')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Headache Disorders' })).toHaveAttribute('href', '/topics/D020773');
    const articles = screen.getByRole('region', { name: 'Best articles' });
    expect(within(articles).getByRole('link', { name: 'Preventing migraine attacks' })).toHaveAttribute(
      'href',
      expect.stringContaining('sri_id=3f1c2a9e-3d44-4c1e-9a55-6f0b2b7c1d10'),
    );
    const discussions = screen.getByRole('region', { name: 'Discussions' });
    const card = await within(discussions).findByRole('article');
    expect(card).toHaveTextContent('A small circle about prevention.');
    expect(track).toHaveBeenCalledWith('topic_viewed', { ui: 'D008881' });

    await userEvent.click(screen.getByRole('button', { name: 'Follow topic' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('1 follower')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/topics/D008881/follow')).toHaveLength(1);
    expect(track).toHaveBeenCalledWith('topic_followed', { ui: 'D008881' });
  });

  it('says so when the topic does not exist', async () => {
    fakeServer({ 'GET /api/topics/D999': () => json(404, { message: 'The topic was not found.' }) });
    renderRoute(<TopicPage />, { path: '/topics/:ui', url: '/topics/D999' });
    expect(await screen.findByText('This topic was not found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers to try again when the topic or its discussions could not be loaded, and shows them once they load', async () => {
    let topicDown = true;
    let discussionsDown = true;
    fakeServer({
      'GET /api/topics/D008881': () => (topicDown ? json(503, { message: 'Down for a moment.' }) : json(200, { data: migraine })),
      'GET /api/topics/D008881/discussions': () =>
        discussionsDown
          ? json(503, { message: 'Down for a moment.' })
          : listPage([wireDiscussion({ id: 'd8', title: 'Living with migraine' })]),
    });
    renderRoute(<TopicPage />, { path: '/topics/:ui', url: '/topics/D008881' });

    expect(await screen.findByText('The topic could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('This topic was not found.')).not.toBeInTheDocument();
    topicDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Migraine' })).toBeInTheDocument();

    const discussions = screen.getByRole('region', { name: 'Discussions' });
    expect(await within(discussions).findByText('The discussions could not be loaded.')).toBeInTheDocument();
    discussionsDown = false;
    await userEvent.click(within(discussions).getByRole('button', { name: 'Try again' }));
    expect(await within(discussions).findByRole('heading', { name: 'Living with migraine' })).toBeInTheDocument();
  });
});
