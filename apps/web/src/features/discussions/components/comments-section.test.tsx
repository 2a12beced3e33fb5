import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { appEvents } from '../../../lib/app-events';
import { closeDialog } from '../../../lib/dialogs';
import DiscussionPage from './discussion-page';
import { ada, fakeServer, json, listPage, READER, renderRoute, wireComment, wireDiscussion } from '../../../test/discussions-testing';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

type User = Parameters<typeof renderRoute>[1]['user'];
const renderDiscussion = (user?: User, url = '/discussions/d1') => renderRoute(<DiscussionPage />, { path: '/discussions/:id', url, user });
const discussion = () => json(200, { data: wireDiscussion({ comments_count: 1 }) });

afterEach(() => {
  closeDialog('subscription');
  vi.mocked(track).mockClear();
});

const commentBy = (name: string) => screen.findByRole('article', { name: `Comment by ${name}` });

describe('Comments on the discussion page', () => {
  it('posts a new comment and shows it after the list refreshes', async () => {
    let comments = [wireComment()];
    const server = fakeServer({
      'GET /api/discussions/d1': discussion,
      'GET /api/discussions/d1/comments': () => listPage(comments),
      'POST /api/discussions/d1/comments': ({ body }) => {
        const created = wireComment({ id: 'c2', author: ada, body: body.body });
        comments = [...comments, created];
        return json(201, { data: created });
      },
    });
    renderDiscussion();

    await commentBy('grace');
    await userEvent.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Warm up slowly.');
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));

    const mine = await commentBy('ada');
    expect(within(mine).getByText('Warm up slowly.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('');
    expect(server.callsTo('POST', '/api/discussions/d1/comments')[0]!.body).toEqual({ body: 'Warm up slowly.', parent_id: '' });
    expect(track).toHaveBeenCalledWith('comment_posted', { is_reply: false });
  });

  it('shows each cited article as a card with its kind of evidence, and nothing extra under a comment citing nothing', async () => {
    // PubMed 12091962 as Biopython's sample file has it (a review).
    const review = {
      id: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
      source: 'pubmed' as const,
      title: 'The treatment of AIDS behind the walls of correctional facilities.',
      journal: 'Social justice (San Francisco, Calif.)',
      published_at: '1990-01-01',
      url: 'https://pubmed.ncbi.nlm.nih.gov/12091962/',
      publication_types: ['Journal Article', 'Review'],
      evidence: 'review' as const,
      retracted: false,
    };
    fakeServer({
      'GET /api/discussions/d1': discussion,
      'GET /api/discussions/d1/comments': () =>
        listPage([wireComment({ citations: [review] }), wireComment({ id: 'c2', author: ada, body: 'No sources here.' })]),
    });
    renderDiscussion();

    const cited = within(await commentBy('grace')).getByRole('list', { name: 'Cited article' });
    expect(within(cited).getByRole('link', { name: review.title })).toHaveAttribute('href', `/search?sri_id=${review.id}&mo=1&t=article`);
    expect(within(cited).getByText('PubMed · Social justice (San Francisco, Calif.) · 1990')).toBeInTheDocument();
    expect(within(cited).getByText('Review article')).toBeInTheDocument();
    expect(within(await commentBy('ada')).queryByRole('list', { name: /cited article/i })).toBeNull();
    expect(within(cited).queryByText(/retracted/i)).toBeNull();
  });

  it('says under a cited article that PubMed lists it as retracted', async () => {
    // PubMed 12091962 again, as the corpus has it once a sync read its retraction.
    const retracted = {
      id: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
      source: 'pubmed' as const,
      title: 'The treatment of AIDS behind the walls of correctional facilities.',
      journal: 'Social justice (San Francisco, Calif.)',
      published_at: '1990-01-01',
      url: 'https://pubmed.ncbi.nlm.nih.gov/12091962/',
      publication_types: ['Journal Article', 'Review', 'Retracted Publication'],
      evidence: 'review' as const,
      retracted: true,
    };
    fakeServer({
      'GET /api/discussions/d1': discussion,
      'GET /api/discussions/d1/comments': () => listPage([wireComment({ citations: [retracted] })]),
    });
    renderDiscussion();

    const cited = within(await commentBy('grace')).getByRole('list', { name: 'Cited article' });
    expect(within(cited).getByRole('link', { name: retracted.title })).toBeInTheDocument();
    expect(within(cited).getByRole('alert')).toHaveTextContent('Retracted: PubMed lists this article as retracted.');
  });

  it('offers a reader the leader plan before they type, and sends nothing', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': discussion,
      'GET /api/discussions/d1/comments': () => listPage([wireComment()]),
      'GET /api/subscription/plans': () => json(200, { data: [] }),
    });
    renderDiscussion(READER);

    // Asked before anything is typed: no box to fill in, the offer instead.
    await userEvent.click(await screen.findByRole('button', { name: 'See the Leader plan' }));
    expect(screen.queryByRole('textbox', { name: 'Your comment' })).not.toBeInTheDocument();

    expect(await screen.findByRole('dialog', { name: 'Upgrade to Leader' })).toBeInTheDocument();
    expect(server.writes()).toHaveLength(0);
  });

  it('loads the next twenty comments on request', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': discussion,
      'GET /api/discussions/d1/comments': ({ query }) =>
        query.get('cursor') ? listPage([wireComment({ id: 'c2', author: ada, body: 'Second page' })]) : listPage([wireComment()], 'next'),
    });
    renderDiscussion();

    await userEvent.click(await screen.findByRole('button', { name: 'Load more comments' }));

    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/discussions/d1/comments').map((call) => call.query.get('cursor'))).toEqual([null, 'next']);
  });

  it('checks for new comments on request', async () => {
    let comments = [wireComment()];
    fakeServer({ 'GET /api/discussions/d1': discussion, 'GET /api/discussions/d1/comments': () => listPage(comments) });
    renderDiscussion();
    await commentBy('grace');

    comments = [...comments, wireComment({ id: 'c2', author: ada, body: 'Arrived later' })];
    await userEvent.click(screen.getByRole('button', { name: 'Check for new comments' }));

    expect(await screen.findByText('Arrived later')).toBeInTheDocument();
  });

  it('loads replies on demand and posts a reply under the comment', async () => {
    let replies = [wireComment({ id: 'r1', parent_id: 'c1', author: ada, body: 'Same here.' })];
    const loadReplies = vi.fn();
    const submitted = vi.fn();
    const offs = [appEvents.on('discussion:load-replies', loadReplies), appEvents.on('discussion:reply-submitted', submitted)];
    const server = fakeServer({
      'GET /api/discussions/d1': discussion,
      'GET /api/discussions/d1/comments': ({ query }) =>
        query.get('parent_id') === 'c1' ? listPage(replies) : listPage([wireComment({ replies_count: 1 })]),
      'POST /api/discussions/d1/comments': ({ body }) => {
        const created = wireComment({ id: 'r2', parent_id: body.parent_id, author: ada, body: body.body });
        replies = [...replies, created];
        return json(201, { data: created });
      },
    });
    renderDiscussion();

    const comment = await commentBy('grace');
    await userEvent.click(within(comment).getByRole('button', { name: 'Show 1 reply' }));
    expect(await within(comment).findByText('Same here.')).toBeInTheDocument();
    expect(loadReplies).toHaveBeenCalledWith({ discussionId: 'd1', commentId: 'c1' });

    await userEvent.click(within(comment).getByRole('button', { name: 'Reply' }));
    await userEvent.type(within(comment).getByRole('textbox', { name: 'Your reply to grace' }), 'Try a spacer.');
    await userEvent.click(within(comment).getByRole('button', { name: 'Post reply' }));

    expect(await within(comment).findByText('Try a spacer.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/discussions/d1/comments')[0]!.body).toEqual({ body: 'Try a spacer.', parent_id: 'c1' });
    expect(submitted).toHaveBeenCalledWith({ discussionId: 'd1', commentId: 'c1', replyId: 'r2' });
    expect(within(comment).queryByRole('textbox', { name: 'Your reply to grace' })).not.toBeInTheDocument();
    offs.forEach((off) => off());
  });

  it('keeps a deleted comment’s place with a placeholder and its replies', async () => {
    fakeServer({
      'GET /api/discussions/d1': discussion,
      'GET /api/discussions/d1/comments': () => listPage([wireComment({ body: null, author: null, deleted: true, replies_count: 2 })]),
    });
    renderDiscussion();

    const placeholder = await screen.findByRole('article', { name: 'Deleted comment' });
    expect(within(placeholder).getByText('This comment was deleted.')).toBeInTheDocument();
    expect(within(placeholder).queryByRole('button', { name: /Upvote/ })).not.toBeInTheDocument();
    expect(within(placeholder).getByRole('button', { name: 'Show 2 replies' })).toBeInTheDocument();
  });

  it('deletes my own comment after confirming, leaving the placeholder', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': discussion,
      'GET /api/discussions/d1/comments': () => listPage([wireComment({ author: ada, body: 'Oops, wrong thread.' })]),
      'DELETE /api/comments/c1': () => json(204, null),
    });
    renderDiscussion();

    const mine = await commentBy('ada');
    await userEvent.click(within(mine).getByRole('button', { name: 'More actions for the comment by ada' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete this comment?' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('This comment was deleted.')).toBeInTheDocument();
    expect(screen.queryByText('Oops, wrong thread.')).not.toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/comments/c1')).toHaveLength(1);
  });

  it('lets the discussion’s owner remove someone else’s comment, but not edit it', async () => {
    fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ owner: ada, membership: 'owner', comments_count: 1 }) }),
      'GET /api/discussions/d1/comments': () => listPage([wireComment()]),
    });
    renderDiscussion();

    const theirs = await commentBy('grace');
    await userEvent.click(within(theirs).getByRole('button', { name: 'More actions for the comment by grace' }));

    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Report' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('edits my own comment in place', async () => {
    fakeServer({
      'GET /api/discussions/d1': discussion,
      'GET /api/discussions/d1/comments': () => listPage([wireComment({ author: ada, body: 'Frist' })]),
      'PATCH /api/comments/c1': ({ body }) =>
        json(200, { data: wireComment({ author: ada, body: body.body, edited_at: '2026-02-01T12:00:00.000Z' }) }),
    });
    renderDiscussion();

    const mine = await commentBy('ada');
    await userEvent.click(within(mine).getByRole('button', { name: 'More actions for the comment by ada' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const editor = within(mine).getByRole('textbox', { name: 'Edit your comment' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'First');
    await userEvent.click(within(mine).getByRole('button', { name: 'Save' }));

    expect(await within(mine).findByText('First')).toBeInTheDocument();
    expect(within(mine).getByText('edited')).toBeInTheDocument();
  });

  it('toggles a comment upvote and thread follow', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': discussion,
      'GET /api/discussions/d1/comments': () => listPage([wireComment({ upvotes_count: 4 })]),
      'POST /api/comments/c1/upvote': () => json(200, { data: { upvoted: true, upvotes_count: 5 } }),
      'POST /api/comments/c1/follow': () => json(200, { data: { followed: true } }),
    });
    renderDiscussion();

    const comment = await commentBy('grace');
    await userEvent.click(within(comment).getByRole('button', { name: 'Upvote (4 upvotes)', pressed: false }));
    expect(await within(comment).findByRole('button', { name: 'Upvote (5 upvotes)', pressed: true })).toBeInTheDocument();

    await userEvent.click(within(comment).getByRole('button', { name: 'Follow thread' }));
    expect(await within(comment).findByRole('button', { name: 'Following thread', pressed: true })).toBeInTheDocument();
    expect(server.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/comments/c1/upvote',
      'POST /api/comments/c1/follow',
    ]);
  });

  it('scrolls to and highlights the comment a link points at', async () => {
    const scrolled = vi.fn();
    const original = Element.prototype.scrollIntoView;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled(this.id);
    };
    fakeServer({
      'GET /api/discussions/d1': discussion,
      'GET /api/discussions/d1/comments': () => listPage([wireComment(), wireComment({ id: 'c2', author: ada })]),
    });
    renderDiscussion(undefined, '/discussions/d1#comment-c2');

    const target = await commentBy('ada');
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith('comment-c2'));
    expect(target).toHaveAttribute('aria-current', 'location');
    expect(await commentBy('grace')).not.toHaveAttribute('aria-current');
    expect(within(target).getByRole('link', { name: 'Permalink to the comment by ada' })).toHaveAttribute(
      'href',
      '/discussions/d1/comments/c2',
    );
  });
});
