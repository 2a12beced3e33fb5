import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAST, renderWithProviders, stubApi, wireUser } from '../testing';
import SubscriptionDialog from './subscription-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SubscriptionDialog', () => {
  it('explains that the trial is over and that nothing was lost', async () => {
    stubApi({ user: wireUser({ subscription: null, trial_ends_at: PAST }) });
    renderWithProviders(<SubscriptionDialog ability="read" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Choose a plan' });
    expect(await within(dialog).findByTestId('trial-ended-note')).toHaveTextContent(
      'Your trial ended on March 15, 2020. Everything you made is kept: choose a plan to pick up where you left off.',
    );
  });

  it('has no trial note for someone whose plan simply does not include the action', async () => {
    stubApi({ user: wireUser({ subscription: 'reader_subscription', trial_ends_at: PAST }) });
    renderWithProviders(<SubscriptionDialog ability="write" leaderOnly onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Leader' });
    await within(dialog).findByRole('heading', { name: 'Leader' });
    expect(within(dialog).queryByTestId('trial-ended-note')).not.toBeInTheDocument();
  });

  it('offers every plan with the reader lead when reading is missing', async () => {
    stubApi();
    renderWithProviders(<SubscriptionDialog ability="read" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Choose a plan' });
    expect(await within(dialog).findByRole('heading', { name: 'Reader' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Leader' })).toBeInTheDocument();
    expect(within(dialog).getByText(/needs a plan/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/need the Leader plan/)).not.toBeInTheDocument();
  });

  it('offers only the leader plan with the leader lead when writing is missing', async () => {
    stubApi();
    renderWithProviders(<SubscriptionDialog ability="write" leaderOnly onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Leader' });
    expect(await within(dialog).findByRole('heading', { name: 'Leader' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Reader' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/need the Leader plan/)).toBeInTheDocument();
  });

  it('uses the leader lead for write even when every plan is shown', async () => {
    stubApi();
    renderWithProviders(<SubscriptionDialog ability="write" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Reader' })).toBeInTheDocument();
    expect(within(dialog).getByText(/need the Leader plan/)).toBeInTheDocument();
  });

  it('closes with its button and with Escape', async () => {
    stubApi();
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<SubscriptionDialog ability="read" onClose={onClose} />);
    await screen.findByRole('heading', { name: 'Reader' });

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
