import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import FeedbackPage from './feedback-page';

function renderFeedback(state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/feedback', element: <FeedbackPage /> },
      { path: '/search', element: <h1>Search page</h1> },
    ],
    { initialEntries: [{ pathname: '/feedback', state }] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function stubFeedbackEndpoint() {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify({ data: { id: 'f1' } }), { status: 201, headers: { 'content-type': 'application/json' } }),
    );
}

describe('Feedback page', () => {
  it('asks for a message before sending anything', async () => {
    const fetch = stubFeedbackEndpoint();
    renderFeedback();

    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));

    expect(screen.getByText('Please write a message before sending.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Your message/ })).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the message, rating, page and version, then thanks the user', async () => {
    const fetch = stubFeedbackEndpoint();
    renderFeedback({ from: '/about-app' });

    expect(screen.getByText('Sent with your message: page /about-app, version 0.0.0-test.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Your message/ }), 'Search is great');
    // A plain click: MUI's Rating reads the pointer position for hover, which jsdom cannot lay out.
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback' })).toHaveFocus();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/feedback');
    expect(Object.fromEntries(init?.body as URLSearchParams)).toEqual({
      message: 'Search is great',
      rating: '4',
      page: '/about-app',
      app_version: '0.0.0-test',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Send more feedback' }));
    expect(screen.getByRole('textbox', { name: /Your message/ })).toHaveValue('');
  });

  it('leaves the rating out when none was given', async () => {
    const fetch = stubFeedbackEndpoint();
    renderFeedback();

    expect(screen.getByRole('group', { name: 'How would you rate Wink Health? (optional)' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Your message/ }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));

    await screen.findByRole('heading', { name: 'Thank you for your feedback' });
    expect(Object.fromEntries(fetch.mock.calls[0]![1]?.body as URLSearchParams)).toEqual({ message: 'Hello', app_version: '0.0.0-test' });
  });
});
