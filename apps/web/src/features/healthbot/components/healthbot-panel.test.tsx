import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HealthbotMessage, HealthbotStreamEvent } from '@wink/contracts/healthbot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDialog } from '../../../lib/dialogs';
import { clearNotices, getCurrentNotice } from '../../../lib/notices';
import { loadMessages } from '../../../lib/i18n';
import { wireUser } from '../../../test/wire-user';
import { fakeServer, json, listPage, renderRoute } from '../../../test/discussions-testing';
import { HealthbotLauncher } from './healthbot-launcher';

const ARTICLE = '11111111-1111-4111-8111-111111111111';
const citation = {
  n: 1,
  article_id: ARTICLE,
  title: 'Asthma: what happens in your airways',
  source: 'curated',
  url: null,
  quote: 'q',
} as const;
const conversation = {
  id: 'conv1',
  title: 'What is asthma?',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};
const answer: HealthbotMessage = {
  id: 'm2',
  role: 'assistant',
  content: 'Here is what our articles say.\n\nAsthma narrows the airways. [1]\n\nThis is general information, not medical advice.',
  kind: 'answer',
  engine: 'offline',
  fell_back: false,
  citations: [citation],
  search_query: 'asthma',
  created_at: '2026-03-01T10:00:01.000Z',
};

/** An NDJSON answer whose lines arrive one at a time, each only when the test lets it. */
function streamedAnswer(events: HealthbotStreamEvent[]) {
  let push!: () => void;
  const encoder = new TextEncoder();
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = () => {
        if (index < events.length) controller.enqueue(encoder.encode(`${JSON.stringify(events[index++])}\n`));
        if (index === events.length) controller.close();
      };
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } }),
    next: () => push(),
  };
}

const EVENTS: HealthbotStreamEvent[] = [
  { type: 'start', conversation, question_id: 'm1' },
  { type: 'citations', citations: [citation] },
  { type: 'delta', text: 'Here is what our articles say.\n\n' },
  { type: 'delta', text: 'Asthma narrows the airways. [1]' },
  { type: 'delta', text: '\n\nThis is general information, not medical advice.' },
  { type: 'done', message: answer },
];

beforeEach(async () => {
  await loadMessages('healthbot');
});

// The open dialog and the notices are app-wide state: one test's must not show in the next.
afterEach(() => {
  closeDialog('subscription');
  clearNotices();
});

const openPanel = async (user = wireUser()) => {
  const view = renderRoute(<HealthbotLauncher />, { path: '/search', url: '/search', user });
  await userEvent.click(await screen.findByRole('button', { name: 'Ask Wink, the healthbot' }));
  return view;
};

describe('Wink’s panel', () => {
  it('opens the subscription dialog instead when the plan does not include reading', async () => {
    fakeServer({});
    await openPanel(wireUser({ subscription: null, trial_ends_at: '2020-01-01T00:00:00.000Z' }));
    expect(await screen.findByRole('dialog', { name: /plan/i })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Wink, the healthbot' })).not.toBeInTheDocument();
  });

  it('streams the answer in as it arrives, then links each [n] to its article in the search drawer', async () => {
    const stream = streamedAnswer(EVENTS);
    const server = fakeServer({
      'POST /api/healthbot/messages': () => stream.response,
      // Fetched as soon as the stream names the conversation: it already holds the question, shown once all the same.
      'GET /api/healthbot/conversations': () => listPage([conversation]),
      'GET /api/healthbot/conversations/conv1': () =>
        json(200, {
          data: {
            ...conversation,
            messages: [{ ...answer, id: 'm1', role: 'user', content: 'What is asthma?', kind: null, citations: [] }],
          },
        }),
    });
    const view = await openPanel();
    const panel = await screen.findByRole('dialog', { name: 'Wink, the healthbot' });
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Your question' }), 'What is asthma?{Enter}');
    expect(await within(panel).findByText('What is asthma?')).toBeInTheDocument();
    expect(await within(panel).findByText('Wink is looking through the articles…')).toBeInTheDocument();

    stream.next(); // start
    stream.next(); // citations
    stream.next(); // first words
    expect(await within(panel).findByText('Here is what our articles say.')).toBeInTheDocument();
    expect(within(panel).queryByText(/Asthma narrows/)).not.toBeInTheDocument();
    stream.next();
    expect(await within(panel).findByText(/Asthma narrows the airways/)).toBeInTheDocument();
    stream.next();
    stream.next(); // done
    // Stored: the sources list appears, and the links carry the search Wink ran.
    expect(await within(panel).findByRole('link', { name: 'Asthma: what happens in your airways' })).toBeInTheDocument();
    expect(within(panel).getAllByText('What is asthma?')).toHaveLength(1);
    const link = within(panel).getByRole('link', { name: 'Source 1: Asthma: what happens in your airways' });
    expect(link).toHaveAttribute('href', `/search?q=asthma&sri_id=${ARTICLE}&mo=1&t=article`);
    expect(server.callsTo('POST', '/api/healthbot/messages')[0]!.headers.get('content-type')).toBe('application/json');

    await userEvent.click(link);
    expect(view.location()).toBe(`/search?q=asthma&sri_id=${ARTICLE}&mo=1&t=article`);
  });

  // The panel reads the conversation as soon as the stream names it, while the answer is still being
  // written: that read holds only the question. Whenever it lands, the streamed answer must stay.
  describe.each([
    ['before the stream ends', 'before'],
    ['in the same moment the stream ends', 'during'],
    ['after the stream has ended', 'after'],
  ] as const)('when the conversation’s first read lands %s', (_label, when) => {
    it('shows the answer, once, under its question', async () => {
      const stream = streamedAnswer(EVENTS);
      let land!: () => void;
      const read = new Promise<Response>((resolve) => {
        land = () =>
          resolve(
            json(200, {
              data: {
                ...conversation,
                messages: [{ ...answer, id: 'm1', role: 'user', content: 'What is asthma?', kind: null, citations: [] }],
              },
            }),
          );
      });
      const server = fakeServer({
        'POST /api/healthbot/messages': () => stream.response,
        'GET /api/healthbot/conversations': () => listPage([conversation]),
        'GET /api/healthbot/conversations/conv1': () => read,
      });
      await openPanel();
      const panel = await screen.findByRole('dialog', { name: 'Wink, the healthbot' });
      await userEvent.type(within(panel).getByRole('textbox', { name: 'Your question' }), 'What is asthma?{Enter}');
      stream.next(); // start: the panel asks for the conversation
      await waitFor(() => expect(server.callsTo('GET', '/api/healthbot/conversations/conv1')).toHaveLength(1));
      for (let i = 1; i < EVENTS.length - 1; i++) stream.next();
      expect(await within(panel).findByText(/Asthma narrows the airways/)).toBeInTheDocument();

      if (when === 'before') {
        land();
        await waitFor(() => expect(within(panel).getByText(/Asthma narrows the airways/)).toBeInTheDocument());
        stream.next(); // done
      } else if (when === 'during') {
        stream.next(); // done
        land();
      } else {
        stream.next(); // done
        expect(await within(panel).findByRole('link', { name: 'Asthma: what happens in your airways' })).toBeInTheDocument();
        land();
      }
      await read;
      // Let every queued cache notification and render run before looking.
      await new Promise((resolve) => setTimeout(resolve, 20));

      expect(await within(panel).findByRole('link', { name: 'Asthma: what happens in your airways' })).toBeInTheDocument();
      expect(within(panel).getAllByText(/Asthma narrows the airways/)).toHaveLength(1);
      expect(within(panel).getAllByText('What is asthma?')).toHaveLength(1);
      expect(within(panel).getByRole('log')).toHaveAttribute('aria-busy', 'false');
    });
  });

  it('saves the cited articles to my draft collection', async () => {
    const server = fakeServer({
      'POST /api/healthbot/messages': () => streamedAnswerAll(),
      ...storedConversation,
      'GET /api/collections/draft': () =>
        json(200, {
          data: {
            id: 'draft1',
            name: 'Draft',
            description: '',
            is_draft: true,
            items_count: 0,
            share_hash: null,
            saved_from: null,
            created_at: '',
            updated_at: '',
            items: [],
          },
        }),
      'POST /api/collections/draft1/items': () => json(201, { data: { id: 'i1' } }),
    });
    await openPanel();
    const panel = await screen.findByRole('dialog', { name: 'Wink, the healthbot' });
    await userEvent.click(within(panel).getByRole('button', { name: 'What is asthma?' }));
    await userEvent.click(await within(panel).findByRole('button', { name: 'Save cited articles to my draft collection' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/collections/draft1/items')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/collections/draft1/items')[0]!.body).toEqual({ article_id: ARTICLE });
    await waitFor(() => expect(getCurrentNotice()?.message).toBe('Saved 1 article to your draft collection.'));
  });

  it('starts a discussion prefilled with the question, the answer and its first source', async () => {
    fakeServer({ 'POST /api/healthbot/messages': () => streamedAnswerAll() });
    const view = await openPanel();
    const panel = await screen.findByRole('dialog', { name: 'Wink, the healthbot' });
    await userEvent.click(within(panel).getByRole('button', { name: 'What is asthma?' }));
    await userEvent.click(await within(panel).findByRole('button', { name: 'Start a discussion from this answer' }));
    const url = new URL(view.location(), 'http://localhost');
    expect(url.pathname).toBe('/discussions/create-discussion');
    expect(url.searchParams.get('article_id')).toBe(ARTICLE);
    expect(url.searchParams.get('title')).toBe('What is asthma?');
    expect(url.searchParams.get('body')).toContain('> Asthma narrows the airways. [1]');
    expect(url.searchParams.get('body')).toContain('1. Asthma: what happens in your airways');
  });

  it('lists past conversations and deletes one', async () => {
    const server = fakeServer({
      'GET /api/healthbot/conversations': () => listPage([conversation, { ...conversation, id: 'conv2', title: 'Hay fever' }]),
      'DELETE /api/healthbot/conversations/conv2': () => json(204),
    });
    await openPanel();
    const panel = await screen.findByRole('dialog', { name: 'Wink, the healthbot' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Past conversations' }));
    await userEvent.click(await within(panel).findByRole('button', { name: 'Delete conversation “Hay fever”' }));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/healthbot/conversations/conv2')).toHaveLength(1));
    expect(within(panel).getByRole('button', { name: 'Delete all conversations' })).toBeInTheDocument();
  });

  it('shows the server’s sentence when the question is refused', async () => {
    fakeServer({
      'POST /api/healthbot/messages': () =>
        json(422, { message: 'The message must be plain text.', errors: { message: ['The message must be plain text.'] } }),
    });
    await openPanel();
    const panel = await screen.findByRole('dialog', { name: 'Wink, the healthbot' });
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Your question' }), 'bad{Enter}');
    expect(await within(panel).findByText('The message must be plain text.')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Your question' })).toHaveValue('bad');
  });
});

const storedConversation = {
  'GET /api/healthbot/conversations': () => listPage([conversation]),
  'GET /api/healthbot/conversations/conv1': () =>
    json(200, {
      data: {
        ...conversation,
        messages: [{ ...answer, id: 'm1', role: 'user', content: 'What is asthma?', kind: null, citations: [] }, answer],
      },
    }),
};

function streamedAnswerAll(): Response {
  const body = EVENTS.map((event) => `${JSON.stringify(event)}\n`).join('');
  return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } });
}
