import { screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plansQueryOptions } from '../api/get-plans';
import { subscriptionQueryOptions } from '../api/get-subscription';
import { FUTURE, PAST, renderWithProviders, stubApi, wireSubscription, wireUser } from '../testing';
import SubscriptionPage from './subscription-page';
import { runFirstViewData } from '../../../test/first-view';

afterEach(() => {
  vi.unstubAllGlobals();
});

function yourPlan() {
  return screen.getByRole('region', { name: 'Your plan' });
}

describe('SubscriptionPage', () => {
  it('shows a trial user no plan, the trial end date and full access', async () => {
    stubApi({ user: wireUser({ subscription: null, trial_ends_at: FUTURE }) });
    renderWithProviders(<SubscriptionPage />, { path: '/user/subscription' });

    expect(screen.getByRole('heading', { level: 2, name: 'Subscription' })).toBeInTheDocument();
    expect(await screen.findByText('Your trial ends on March 15, 2099')).toBeInTheDocument();
    expect(within(yourPlan()).getByTestId('current-plan')).toHaveTextContent('No plan');
    expect(within(yourPlan()).getByText('Trial')).toBeInTheDocument();
    expect(within(yourPlan()).getByText('You can read')).toBeInTheDocument();
    expect(within(yourPlan()).getByText('You can write')).toBeInTheDocument();

    // Nothing is current: every plan can be bought, and the checkout comes back here.
    const subscribes = await screen.findAllByRole('link', { name: 'Subscribe' });
    expect(subscribes).toHaveLength(2);
    const redirect = new URL(subscribes[0]!.getAttribute('href')!).searchParams.get('redirect');
    expect(atob(redirect!)).toBe('/user/subscription');
  });

  it('shows a reader their plan, that they cannot write, and disables the reader plan', async () => {
    stubApi({ user: wireUser({ subscription: 'reader_subscription', trial_ends_at: PAST }) });
    renderWithProviders(<SubscriptionPage />);

    expect(await screen.findByText('Your trial ended on March 15, 2020')).toBeInTheDocument();
    expect(within(yourPlan()).getByTestId('current-plan')).toHaveTextContent('Reader');
    expect(within(yourPlan()).queryByText('Trial')).not.toBeInTheDocument();
    expect(within(yourPlan()).getByText('You can read')).toBeInTheDocument();
    expect(within(yourPlan()).getByText('You cannot write')).toBeInTheDocument();

    const readerCard = (await screen.findByRole('heading', { name: 'Reader', level: 3 })).closest('article')!;
    expect(within(readerCard).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('shows a leader their plan without any trial line', async () => {
    stubApi({ user: wireUser({ subscription: 'leader_subscription', trial_ends_at: null }) });
    renderWithProviders(<SubscriptionPage />);
    await screen.findByText('You can write');
    expect(within(yourPlan()).getByTestId('current-plan')).toHaveTextContent('Leader');
    expect(screen.queryByText(/Your trial/)).not.toBeInTheDocument();
  });

  it('shows someone whose trial ended without a plan that they can do neither', async () => {
    stubApi({ user: wireUser({ subscription: null, trial_ends_at: PAST }) });
    renderWithProviders(<SubscriptionPage />);
    expect(await screen.findByText('You cannot read')).toBeInTheDocument();
    expect(screen.getByText('You cannot write')).toBeInTheDocument();
  });

  it('explains what each plan allows in plain words, without a lead above the plans', async () => {
    stubApi();
    renderWithProviders(<SubscriptionPage />);
    const allowances = screen.getByRole('region', { name: 'What each plan allows' });
    expect(within(allowances).getByText(/Cannot post/)).toBeInTheDocument();
    expect(within(allowances).getByText(/start discussions, comment/)).toBeInTheDocument();
    await screen.findAllByRole('article');
    expect(screen.queryByTestId('plans-lead')).not.toBeInTheDocument();
  });
});

describe('SubscriptionPage: the first view from the server', () => {
  it('holds how the subscription stands and the plans on offer, under the keys the page reads', async () => {
    stubApi({ subscription: wireSubscription({ trial_ends_at: FUTURE, trial_reminder_sent: true }) });
    const queryClient = await runFirstViewData([SubscriptionPage], '/user/subscription', { queryClient: new QueryClient() });

    // The trial-ending notice and the plans, cheapest first, show without waiting for the browser.
    expect(queryClient.getQueryData(subscriptionQueryOptions().queryKey)?.trialReminderSent).toBe(true);
    expect(queryClient.getQueryData(plansQueryOptions().queryKey)?.map((plan) => plan.id)).toEqual([
      'reader-monthly',
      'leader-monthly',
      'leader-yearly-retired',
    ]);
  });
});
