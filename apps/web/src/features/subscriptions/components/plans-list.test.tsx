import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FUTURE, renderWithProviders, stubApi, wirePlan, wireUser } from '../testing';
import { PlansList } from './plans-list';

function cards() {
  return screen.getAllByRole('article');
}

function decodeRedirect(href: string): string {
  const value = new URL(href).searchParams.get('redirect')!;
  return new TextDecoder().decode(Uint8Array.from(atob(value), (char) => char.charCodeAt(0)));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PlansList', () => {
  it('shows active plans only, cheapest first, with name, price, description and features', async () => {
    stubApi();
    renderWithProviders(<PlansList />);

    expect(await screen.findByRole('heading', { name: 'Reader' })).toBeInTheDocument();
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Reader', 'Leader']);
    expect(screen.queryByText('Leader yearly (retired)')).not.toBeInTheDocument();

    const [reader, leader] = cards();
    expect(within(reader!).getByTestId('plan-price')).toHaveTextContent('$4.99/month');
    expect(within(leader!).getByTestId('plan-price')).toHaveTextContent('$10/month');
    expect(within(reader!).getByText('Read every discussion.')).toBeInTheDocument();

    const includes = within(reader!).getByRole('list', { name: 'This includes:' });
    expect(
      within(includes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Search every article', 'Ask Wink, the healthbot']);
  });

  it('formats cents, whole dollars and plans without an interval', async () => {
    stubApi({
      plans: [
        wirePlan({ id: 'a', name: 'Cents', price: { unit_amount: 1050, interval: 'year' } }),
        wirePlan({ id: 'b', name: 'Once', price: { unit_amount: 2000, interval: null } }),
      ],
    });
    renderWithProviders(<PlansList />);
    await screen.findByRole('heading', { name: 'Cents' });
    const [cents, once] = cards();
    expect(within(cents!).getByTestId('plan-price')).toHaveTextContent(/^\$10\.50\/year$/);
    expect(within(once!).getByTestId('plan-price')).toHaveTextContent(/^\$20$/);
  });

  it('disables the current plan and links the others to checkout with the current path in base64', async () => {
    stubApi({ user: wireUser({ subscription: 'reader_subscription' }) });
    renderWithProviders(<PlansList />, { path: '/discussions/7?tab=members' });

    const current = await screen.findByRole('button', { name: 'Current plan' });
    expect(current).toBeDisabled();
    expect(within(cards()[0]!).getByRole('button', { name: 'Current plan' })).toBe(current);

    const subscribe = within(cards()[1]!).getByRole('link', { name: 'Subscribe' });
    const href = subscribe.getAttribute('href')!;
    expect(href.startsWith('https://pay.example/checkout/leader-monthly?redirect=')).toBe(true);
    expect(decodeRedirect(href)).toBe('/discussions/7?tab=members');
  });

  it('offers every plan to someone on trial, and links to # when a plan has no checkout URL', async () => {
    stubApi({
      user: wireUser({ trial_ends_at: FUTURE }),
      plans: [wirePlan({ id: 'free', name: 'Free', checkout_url: null })],
    });
    renderWithProviders(<PlansList />);
    const subscribe = await screen.findByRole('link', { name: 'Subscribe' });
    expect(subscribe).toHaveAttribute('href', '#');
    expect(screen.queryByRole('button', { name: 'Current plan' })).not.toBeInTheDocument();
  });

  it('shows only leader plans when asked', async () => {
    stubApi();
    renderWithProviders(<PlansList leaderOnly />);
    await screen.findByRole('heading', { name: 'Leader' });
    expect(cards()).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Reader' })).not.toBeInTheDocument();
  });

  it('shows the reader or the leader lead text, or none', async () => {
    stubApi();
    const { unmount } = renderWithProviders(<PlansList lead="leader" />);
    expect(await screen.findByText(/need the Leader plan/)).toBeInTheDocument();
    unmount();

    renderWithProviders(<PlansList lead="reader" />);
    expect(await screen.findByText(/needs a plan/)).toBeInTheDocument();
    expect(screen.queryByText(/need the Leader plan/)).not.toBeInTheDocument();
  });

  it('can hide the lead text', async () => {
    stubApi();
    renderWithProviders(<PlansList hideLead />);
    await screen.findByRole('heading', { name: 'Reader' });
    expect(screen.queryByTestId('plans-lead')).not.toBeInTheDocument();
  });

  it('shows the Powered by Stripe badge below the plans', async () => {
    stubApi();
    renderWithProviders(<PlansList />);
    await screen.findByRole('heading', { name: 'Reader' });
    const badge = screen.getByTestId('powered-by-badge');
    expect(badge).toHaveTextContent('Powered by Stripe');
    const list = screen.getByRole('list', { name: 'Subscription plans' });
    expect(list.compareDocumentPosition(badge) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the spinner only after 500 ms of loading', async () => {
    vi.useFakeTimers();
    stubApi({ plans: 'never' });
    renderWithProviders(<PlansList />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('progressbar', { name: 'Loading plans…' })).toBeInTheDocument();
  });

  it('never shows the spinner when the plans arrive within 500 ms', async () => {
    vi.useFakeTimers();
    stubApi();
    renderWithProviders(<PlansList />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('keeps the plans in the shared cache under the subscription key', async () => {
    stubApi();
    const { queryClient } = renderWithProviders(<PlansList />);
    await screen.findByRole('heading', { name: 'Reader' });
    const cached = queryClient.getQueryData<{ id: string }[]>(['subscription', 'plans']);
    expect(cached?.map((plan) => plan.id)).toEqual(['reader-monthly', 'leader-monthly', 'leader-yearly-retired']);
  });
});
