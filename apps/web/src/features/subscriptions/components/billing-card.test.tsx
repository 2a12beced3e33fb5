import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FUTURE, PLANS, renderWithProviders, stubApi, wireSubscription, wireUser } from '../testing';
import SubscriptionPage from './subscription-page';
import { BillingCard } from './billing-card';
import { getSubscription } from '../api/get-subscription';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const leader = PLANS[0]!;
const reader = PLANS[2]!;

async function renderCard(overrides: Parameters<typeof wireSubscription>[0], onNavigate = vi.fn()) {
  stubApi({ subscription: wireSubscription(overrides) });
  const state = await getSubscription();
  renderWithProviders(<BillingCard state={state} onNavigate={onNavigate} />);
  return { onNavigate };
}

describe('BillingCard', () => {
  it('shows the renewal date, that payments are simulated in test mode, and opens the billing portal', async () => {
    const { onNavigate } = await renderCard({
      subscription: 'leader_subscription',
      plan: leader,
      status: 'active',
      provider: 'test',
      current_period_end: FUTURE,
      can_manage_billing: true,
    });
    const card = screen.getByRole('region', { name: 'Billing' });
    expect(within(card).getByText('Renews on March 15, 2099.')).toBeInTheDocument();
    expect(within(card).getByText('Test mode')).toBeInTheDocument();
    expect(within(card).getByText(/no card is charged/)).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('http://localhost/api/subscription/test-portal'));
  });

  it('says until when a cancelled plan lasts', async () => {
    await renderCard({
      plan: leader,
      status: 'active',
      provider: 'stripe',
      payments: 'stripe',
      current_period_end: FUTURE,
      cancel_at_period_end: true,
    });
    expect(screen.getByText('Cancelled: you keep your plan until March 15, 2099.')).toBeInTheDocument();
    expect(screen.queryByText('Test mode')).not.toBeInTheDocument();
  });

  it('announces a downgrade waiting for the end of the period', async () => {
    await renderCard({ plan: leader, status: 'active', provider: 'test', current_period_end: FUTURE, pending_plan: reader });
    expect(screen.getByText('From March 15, 2099 your plan changes to Reader.')).toBeInTheDocument();
  });

  it('warns that a payment failed', async () => {
    await renderCard({
      plan: leader,
      status: 'past_due',
      provider: 'stripe',
      payments: 'stripe',
      current_period_end: FUTURE,
      can_manage_billing: true,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Your last payment failed');
  });

  it('has no portal for a plan set up by hand, and nothing at all without a plan', async () => {
    await renderCard({ plan: reader, status: 'active', provider: 'manual' });
    expect(screen.getByText(/set up for you by the Wink Health team/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });

  it('is left out for someone without a plan', async () => {
    await renderCard({});
    expect(screen.queryByRole('region', { name: 'Billing' })).not.toBeInTheDocument();
  });
});

describe('the trial-ending notice on the subscription page', () => {
  it('shows once the reminder went out', async () => {
    const ends = new Date(Date.now() + 2 * 86_400_000).toISOString();
    stubApi({
      user: wireUser({ trial_ends_at: ends }),
      subscription: wireSubscription({ trial_ends_at: ends, trial_reminder_sent: true }),
    });
    renderWithProviders(<SubscriptionPage />);
    expect(await screen.findByTestId('trial-ending-notice')).toHaveTextContent(/everything you made is kept/);
  });

  it('is not shown while the trial has longer to run', async () => {
    stubApi({ user: wireUser({ trial_ends_at: FUTURE }), subscription: wireSubscription({ trial_ends_at: FUTURE }) });
    renderWithProviders(<SubscriptionPage />);
    await screen.findByText('Your trial ends on March 15, 2099');
    expect(screen.queryByTestId('trial-ending-notice')).not.toBeInTheDocument();
  });
});
