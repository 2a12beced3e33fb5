import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import AboutPage from './about-page';

function FeedbackProbe() {
  const location = useLocation();
  return <p>Feedback from {(location.state as { from: string }).from}</p>;
}

describe('About page', () => {
  it('shows the product, its version and build, the medical note and a way to give feedback', async () => {
    const router = createMemoryRouter(
      [
        { path: '/about-app', element: <AboutPage /> },
        { path: '/feedback', element: <FeedbackProbe /> },
      ],
      { initialEntries: ['/about-app'] },
    );
    render(<RouterProvider router={router} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Wink Health' })).toBeInTheDocument();
    expect(screen.getByText('Version').nextElementSibling).toHaveTextContent('0.0.0-test');
    expect(screen.getByText('Build').nextElementSibling).toHaveTextContent('test');
    expect(screen.getByText(/not medical advice/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Send feedback' }));
    expect(screen.getByText('Feedback from /about-app')).toBeInTheDocument();
  });
});
