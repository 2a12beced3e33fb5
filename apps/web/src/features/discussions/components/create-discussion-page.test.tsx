import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { closeDialog } from '../../../lib/dialogs';
import CreateDiscussionPage from './create-discussion-page';
import { fakeServer, json, READER, renderRoute, wireDiscussion } from '../../../test/discussions-testing';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

const ARTICLE_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const renderCreate = (url = '/discussions/create-discussion', user?: Parameters<typeof renderRoute>[1]['user']) =>
  renderRoute(<CreateDiscussionPage />, { path: '/discussions/create-discussion', url, user });

afterEach(() => {
  closeDialog('subscription');
  vi.mocked(track).mockClear();
});

async function fillIn(title: string, body: string) {
  if (title) await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), title);
  if (body) await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), body);
}

describe('Create discussion page', () => {
  it('says what is missing, in the server’s words, without sending anything', async () => {
    const server = fakeServer({});
    renderCreate();

    await fillIn('Hi', '');
    await userEvent.click(screen.getByRole('button', { name: 'Publish discussion' }));

    expect(screen.getByText('The title field must be at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('The body field is required.')).toBeInTheDocument();
    expect(server.writes()).toHaveLength(0);
  });

  it('shows the server’s 422 sentences under their fields', async () => {
    fakeServer({
      'POST /api/discussions': () =>
        json(422, {
          message: 'The given data was invalid.',
          errors: { title: ['The title has already been taken somewhere.'], access_type: ['The selected access type is invalid.'] },
        }),
    });
    renderCreate();

    await fillIn('Living with asthma', 'What helps you?');
    await userEvent.click(screen.getByRole('button', { name: 'Publish discussion' }));

    expect(await screen.findByText('The title has already been taken somewhere.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The selected access type is invalid.')).toBeInTheDocument();
  });

  it('publishes with the chosen access type and the linked article, then opens the discussion', async () => {
    const server = fakeServer({
      [`GET /api/articles/${ARTICLE_ID}`]: () => json(200, { data: { id: ARTICLE_ID, title: 'Asthma: the basics' } }),
      'POST /api/discussions': () => json(201, { data: wireDiscussion({ id: 'd9', access_type: 'invite_only' }) }),
    });
    const { location } = renderCreate(`/discussions/create-discussion?article_id=${ARTICLE_ID}`);

    expect(await screen.findByText('Asthma: the basics')).toBeInTheDocument();
    await fillIn('Living with asthma', 'What helps you?');
    expect(screen.queryByRole('textbox', { name: 'Public summary (optional)' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /^Invite only/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Public summary (optional)' }), 'For people with  asthma.');
    expect(screen.getByText('24 / 300')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(within(screen.getByRole('tabpanel')).getByText('What helps you?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish discussion' }));

    await waitFor(() => expect(location()).toBe('/discussions/d9'));
    expect(server.callsTo('POST', '/api/discussions')[0]!.body).toEqual({
      title: 'Living with asthma',
      body: 'What helps you?',
      access_type: 'invite_only',
      summary: 'For people with asthma.',
      article_id: ARTICLE_ID,
    });
    expect(track).toHaveBeenCalledWith('discussion_posted', { access_type: 'invite_only' });
  });

  it('checks the summary before sending: plain text, at most 300 characters (the field stops at 300)', async () => {
    const server = fakeServer({});
    renderCreate();
    await fillIn('Living with asthma', 'What helps you?');
    await userEvent.click(screen.getByRole('radio', { name: /^Invite only/ }));
    const summary = screen.getByRole('textbox', { name: 'Public summary (optional)' });
    expect(summary).toHaveAttribute('maxlength', '300');
    await userEvent.type(summary, 'See <b>this</b>');
    await userEvent.click(screen.getByRole('button', { name: 'Publish discussion' }));

    expect(screen.getByText('The summary must be plain text: no HTML tags, Markdown links, emphasis or code.')).toBeInTheDocument();
    expect(server.writes()).toHaveLength(0);
  });

  it('sends no summary for a public discussion, whatever was typed while it was invite-only', async () => {
    const server = fakeServer({ 'POST /api/discussions': () => json(201, { data: wireDiscussion({ id: 'd9' }) }) });
    renderCreate();
    await fillIn('Living with asthma', 'What helps you?');
    await userEvent.click(screen.getByRole('radio', { name: /^Invite only/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Public summary (optional)' }), 'Typed, then public.');
    await userEvent.click(screen.getByRole('radio', { name: /^Public/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish discussion' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/discussions')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/discussions')[0]!.body).not.toHaveProperty('summary');
  });

  it('lets the linked article go', async () => {
    fakeServer({ [`GET /api/articles/${ARTICLE_ID}`]: () => json(200, { data: { id: ARTICLE_ID, title: 'Asthma: the basics' } }) });
    const { location } = renderCreate(`/discussions/create-discussion?article_id=${ARTICLE_ID}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Remove the linked article' }));

    expect(location()).toBe('/discussions/create-discussion');
    expect(screen.queryByText('Asthma: the basics')).not.toBeInTheDocument();
  });

  it('offers a reader the leader plan before the form, so nothing is typed in vain', async () => {
    const server = fakeServer({ 'GET /api/subscription/plans': () => json(200, { data: [] }) });
    renderCreate(undefined, READER);

    expect(await screen.findByRole('heading', { name: 'Writing needs the Leader plan' })).toBeInTheDocument();
    expect(screen.getByTestId('plan-allows')).toHaveTextContent('Your Reader plan:');
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish discussion' })).not.toBeInTheDocument();
    expect(server.writes()).toHaveLength(0);
  });

  it('moves the focus to the title when it holds only spaces, with its sentence', async () => {
    const server = fakeServer({});
    renderCreate();

    await fillIn('   ', 'What helps you?');
    await userEvent.click(screen.getByRole('button', { name: 'Publish discussion' }));

    const title = screen.getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(/title/i);
    expect(server.writes()).toHaveLength(0);
  });
});
