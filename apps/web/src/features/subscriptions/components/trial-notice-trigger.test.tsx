import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FUTURE, renderWithProviders, stubApi } from '../testing';
import { TrialNoticeTrigger, trialEndingSoon } from './trial-notice-trigger';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('trialEndingSoon', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');
  it.each([
    ['ends in two days, no plan', { subscription: null, trialEndsAt: '2026-05-12T12:00:00Z' }, true],
    ['ends in exactly three days', { subscription: null, trialEndsAt: '2026-05-13T12:00:00Z' }, true],
    ['ends in four days', { subscription: null, trialEndsAt: '2026-05-14T12:00:00Z' }, false],
    ['already ended', { subscription: null, trialEndsAt: '2026-05-09T12:00:00Z' }, false],
    ['has a plan', { subscription: 'reader_subscription' as const, trialEndsAt: '2026-05-12T12:00:00Z' }, false],
    ['never had a trial', { subscription: null, trialEndsAt: null }, false],
  ])('%s', (_label, user, expected) => {
    expect(trialEndingSoon(user, now)).toBe(expected);
  });
});

describe('TrialNoticeTrigger (the main layout)', () => {
  it('shows the notice three days before the end, and once dismissed it stays away', async () => {
    stubApi();
    const user = { sid: 'u1', subscription: null, trialEndsAt: inDays(2) };
    const { unmount } = renderWithProviders(<TrialNoticeTrigger user={user} />);
    const notice = await screen.findByTestId('trial-ending-notice', {}, { timeout: 5000 });
    expect(notice).toHaveTextContent(/Your trial ends on/);
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/user/subscription');

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('trial-ending-notice')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<TrialNoticeTrigger user={user} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('trial-ending-notice')).not.toBeInTheDocument();
  });

  it('renders nothing while the trial has longer to run', async () => {
    stubApi();
    renderWithProviders(<TrialNoticeTrigger user={{ sid: 'u1', subscription: null, trialEndsAt: FUTURE }} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('trial-ending-notice')).not.toBeInTheDocument();
  });
});
