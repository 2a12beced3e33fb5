import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import CreateDiscussionPage from './create-discussion-page';
import DiscussionPage from './discussion-page';
import { ada, fakeServer, json, listPage, renderRoute, wireComment, wireDiscussion } from '../../../test/discussions-testing';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

afterEach(() => vi.mocked(track).mockClear());

type AccessType = 'public' | 'invite_only' | 'private';

/** A discussion whose comment box posts, with the posted comments recorded by the fake server. */
function discussionServer(
  accessType: AccessType,
  comments = [wireComment()],
  post = () => json(201, { data: wireComment({ id: 'c9', author: ada }) }),
) {
  return fakeServer({
    'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ access_type: accessType, comments_count: comments.length }) }),
    'GET /api/discussions/d1/comments': () => listPage(comments),
    'POST /api/discussions/d1/comments': post,
    'PATCH /api/comments/c1': ({ body }) => json(200, { data: wireComment({ author: ada, body: body.body }) }),
  });
}

const openDiscussion = () => renderRoute(<DiscussionPage />, { path: '/discussions/:id', url: '/discussions/d1' });

async function write(box: HTMLElement, text: string) {
  await userEvent.click(box);
  await userEvent.paste(text);
}

async function postComment(text: string) {
  await write(await screen.findByRole('textbox', { name: 'Your comment' }), text);
  await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));
}

const PHONE_COMMENT = 'Happy to talk: call me on 07700 900123 any evening.';

describe('The privacy guard on a comment', () => {
  it('warns about a phone number in a public discussion, with the reason, and sends nothing', async () => {
    const server = discussionServer('public');
    openDiscussion();

    await postComment(PHONE_COMMENT);

    const dialog = await screen.findByRole('dialog', { name: 'Post anyway?' });
    expect(dialog).toHaveAccessibleDescription(
      'This discussion is public: everyone with a plan can read what you post. Some of what you wrote looks like personal details. You can change it, or post it as it is.',
    );
    const found = within(dialog).getByRole('region', { name: 'Phone number' });
    expect(within(found).getByText('Anyone reading could call or text you, or look the number up.')).toBeInTheDocument();
    // The number is highlighted in its words, and named for screen readers.
    const excerpt = within(found).getByRole('listitem');
    expect(excerpt).toHaveTextContent('Happy to talk: call me on 07700 900123 (Phone number) any evening.');
    expect(excerpt.querySelector('mark')).toHaveTextContent('07700 900123');
    expect(within(dialog).getByText('This check ran on your device: nothing was sent.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(server.writes()).toHaveLength(0);
  });

  it('goes back to the text with the number selected on Edit, then posts what was changed without asking again', async () => {
    const server = discussionServer('public');
    openDiscussion();
    await postComment(PHONE_COMMENT);

    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Post anyway?' })).getByRole('button', { name: 'Edit' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your comment' });
    await waitFor(() => expect(box).toHaveFocus());
    expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe('07700 900123');
    expect(server.writes()).toHaveLength(0);

    // Typing replaces the selected number, as it would for the person.
    await userEvent.keyboard('me a message here');
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/discussions/d1/comments')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/discussions/d1/comments')[0]!.body.body).toBe(
      'Happy to talk: call me on me a message here any evening.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('comment_posted', { is_reply: false });
  });

  it('posts anyway when asked, and says so in the posted event', async () => {
    const server = discussionServer('public');
    openDiscussion();
    await postComment(PHONE_COMMENT);

    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Post anyway?' })).getByRole('button', { name: 'Post anyway' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/discussions/d1/comments')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/discussions/d1/comments')[0]!.body.body).toBe(PHONE_COMMENT);
    await waitFor(() => expect(track).toHaveBeenCalledWith('comment_posted', { is_reply: false, privacy_warning: 'phone' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue(''));
  });

  it('does not ask twice when the post failed and is sent again', async () => {
    let attempts = 0;
    const server = discussionServer('public', [wireComment()], () => {
      attempts += 1;
      return attempts === 1
        ? json(422, { message: 'Slow down.', errors: { body: ['Try again in a moment.'] } })
        : json(201, { data: wireComment({ id: 'c9' }) });
    });
    openDiscussion();
    await postComment(PHONE_COMMENT);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Post anyway?' })).getByRole('button', { name: 'Post anyway' }));
    expect(await screen.findByText('Try again in a moment.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/discussions/d1/comments')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists each kind with its reason, in an invite-only discussion too', async () => {
    discussionServer('invite_only');
    openDiscussion();

    await postComment('My husband John Smith (DOB 12/03/1984) is on john.smith84@example.com.');

    const dialog = await screen.findByRole('dialog', { name: 'Post anyway?' });
    expect(within(dialog).getByText(/Everyone the owner lets into this discussion will read what you post/)).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['E-mail address', 'Date of birth', 'Full name']);
  });

  it('says nothing in a private discussion: its members were invited by name', async () => {
    const server = discussionServer('private');
    openDiscussion();

    await postComment(PHONE_COMMENT);

    await waitFor(() => expect(server.callsTo('POST', '/api/discussions/d1/comments')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks a reply', async () => {
    const server = discussionServer('public');
    openDiscussion();
    const comment = await screen.findByRole('article', { name: 'Comment by grace' });

    await userEvent.click(within(comment).getByRole('button', { name: 'Reply' }));
    await write(within(comment).getByRole('textbox', { name: 'Your reply to grace' }), 'Mine is 020 7946 0958, ring any time.');
    await userEvent.click(within(comment).getByRole('button', { name: 'Post reply' }));

    expect(await screen.findByRole('dialog', { name: 'Post anyway?' })).toHaveTextContent('020 7946 0958');
    expect(server.writes()).toHaveLength(0);
  });

  it('does not raise again, on an edit, what the comment already said', async () => {
    const server = discussionServer('public', [wireComment({ author: ada, body: PHONE_COMMENT })]);
    openDiscussion();
    const mine = await screen.findByRole('article', { name: 'Comment by ada' });
    await userEvent.click(within(mine).getByRole('button', { name: 'More actions for the comment by ada' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const editor = within(mine).getByRole('textbox', { name: 'Edit your comment' });

    await write(editor, ' Thanks!');
    await userEvent.click(within(mine).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/api/comments/c1')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('raises what an edit adds', async () => {
    const server = discussionServer('public', [wireComment({ author: ada, body: PHONE_COMMENT })]);
    openDiscussion();
    const mine = await screen.findByRole('article', { name: 'Comment by ada' });
    await userEvent.click(within(mine).getByRole('button', { name: 'More actions for the comment by ada' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));

    await write(within(mine).getByRole('textbox', { name: 'Edit your comment' }), ' Or mail ada.l@example.com');
    await userEvent.click(within(mine).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Post anyway?' });
    expect(within(dialog).getByRole('heading', { name: 'E-mail address' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Phone number' })).not.toBeInTheDocument();
    expect(server.writes()).toHaveLength(0);
  });
});

describe('The privacy guard on a discussion', () => {
  const renderCreate = () =>
    renderRoute(<CreateDiscussionPage />, { path: '/discussions/create-discussion', url: '/discussions/create-discussion' });

  it('names the field a detail is in, and publishes anyway when asked', async () => {
    const server = fakeServer({ 'POST /api/discussions': () => json(201, { data: wireDiscussion({ id: 'd9' }) }) });
    const { location } = renderCreate();

    await write(screen.getByRole('textbox', { name: 'Title' }), 'Asthma group near SW1A 1AA?');
    await write(screen.getByRole('textbox', { name: 'Text' }), 'Looking for people to walk with.');
    await userEvent.click(screen.getByRole('button', { name: 'Publish discussion' }));

    const dialog = await screen.findByRole('dialog', { name: 'Post anyway?' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      'In the title: Asthma group near SW1A 1AA (Address, PO box or postcode)?',
    );
    expect(server.writes()).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Post anyway' }));

    await waitFor(() => expect(location()).toBe('/discussions/d9'));
    expect(track).toHaveBeenCalledWith('discussion_posted', { access_type: 'public', privacy_warning: 'address' });
  });

  it('says nothing when the discussion is made private', async () => {
    const server = fakeServer({ 'POST /api/discussions': () => json(201, { data: wireDiscussion({ id: 'd9', access_type: 'private' }) }) });
    renderCreate();

    await write(screen.getByRole('textbox', { name: 'Title' }), 'For the family');
    await write(screen.getByRole('textbox', { name: 'Text' }), 'Dad is on 07700 900456 this week.');
    await userEvent.click(screen.getByRole('radio', { name: /^Private/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish discussion' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/discussions')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('raises everything again when an edit opens a private discussion to the public', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': () =>
        json(200, {
          data: wireDiscussion({ owner: ada, membership: 'owner', access_type: 'private', body: 'Dad is on 07700 900456 this week.' }),
        }),
      'GET /api/discussions/d1/comments': () => listPage([]),
    });
    openDiscussion();

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for this discussion' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await userEvent.click(await screen.findByRole('radio', { name: /^Public/ }));
    await userEvent.click(within(screen.getByRole('tablist', { name: 'Text: write or preview' })).getByRole('tab', { name: 'Preview' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Post anyway?' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('In the text: Dad is on 07700 900456 (Phone number) this week.');
    expect(server.writes()).toHaveLength(0);

    // Edit from the Preview tab still lands on the number in the text.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const body = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Text' });
    await waitFor(() => expect(body).toHaveFocus());
    expect(body.value.slice(body.selectionStart, body.selectionEnd)).toBe('07700 900456');
  });
});
