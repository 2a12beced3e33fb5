import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User as WireUser } from '@wink/contracts/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUser } from '../auth';
import { closeDialog, getOpenDialog, useOpenDialog } from '../../lib/dialogs';
import SubscriptionDialog from './components/subscription-dialog';
import { FUTURE, PAST, renderWithProviders, stubApi, wireUser } from './testing';
import { checkPermission, usePermissionGate, type Ability } from './use-permission-gate';

afterEach(() => {
  closeDialog('subscription');
  vi.unstubAllGlobals();
});

/** A feature button behind the gate, plus the subscription dialog as the app's dialog host shows it. */
function GatedAction({ ability, action }: { ability: Ability; action: () => void }) {
  const gate = usePermissionGate();
  const { data: user } = useUser();
  const open = useOpenDialog();
  return (
    <>
      <button type="button" disabled={!user} onClick={() => gate(ability, action)}>
        Do it
      </button>
      {open?.kind === 'subscription' && (
        <SubscriptionDialog ability={open.ability} leaderOnly={open.leaderOnly} onClose={() => closeDialog('subscription')} />
      )}
    </>
  );
}

async function press(ability: Ability, user: WireUser) {
  stubApi({ user });
  const action = vi.fn();
  renderWithProviders(<GatedAction ability={ability} action={action} />);
  const button = screen.getByRole('button', { name: 'Do it' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.setup().click(button);
  return action;
}

describe('checkPermission', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  it.each([
    ['a trial user', { subscription: null, trialEndsAt: '2030-02-01T00:00:00Z' }, true, true],
    ['a reader', { subscription: 'reader_subscription', trialEndsAt: null }, true, false],
    ['a leader', { subscription: 'leader_subscription', trialEndsAt: null }, true, true],
    ['an expired trial', { subscription: null, trialEndsAt: '2029-12-31T00:00:00Z' }, false, false],
    ['a reader whose trial ended', { subscription: 'reader_subscription', trialEndsAt: '2029-12-31T00:00:00Z' }, true, false],
  ] as const)('%s: read %s, write %s', (_who, user, read, write) => {
    expect(checkPermission(user, 'read', now)).toBe(read);
    expect(checkPermission(user, 'write', now)).toBe(write);
  });

  it('grants nothing without a user', () => {
    expect(checkPermission(null, 'read')).toBe(false);
    expect(checkPermission(undefined, 'write')).toBe(false);
  });
});

describe('usePermissionGate', () => {
  it('lets a trial user write', async () => {
    const action = await press('write', wireUser({ trial_ends_at: FUTURE }));
    expect(action).toHaveBeenCalledTimes(1);
    expect(getOpenDialog()).toBeNull();
  });

  it('lets a leader write', async () => {
    const action = await press('write', wireUser({ subscription: 'leader_subscription' }));
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets a reader read', async () => {
    const action = await press('read', wireUser({ subscription: 'reader_subscription' }));
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('stops a reader from writing and offers the leader plan only', async () => {
    const action = await press('write', wireUser({ subscription: 'reader_subscription', trial_ends_at: PAST }));
    expect(action).not.toHaveBeenCalled();
    expect(getOpenDialog()).toEqual({ kind: 'subscription', ability: 'write', leaderOnly: true });
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Leader' });
    expect(dialog).toHaveTextContent(/need the Leader plan/);
  });

  it('stops a user whose trial ended from reading and offers every plan', async () => {
    const action = await press('read', wireUser({ subscription: null, trial_ends_at: PAST }));
    expect(action).not.toHaveBeenCalled();
    expect(getOpenDialog()).toEqual({ kind: 'subscription', ability: 'read', leaderOnly: false });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a plan' });
    expect(dialog).toHaveTextContent(/needs a plan/);
    expect(await screen.findByRole('heading', { name: 'Reader' })).toBeInTheDocument();
  });

  it('tells the caller whether the action ran', async () => {
    stubApi({ user: wireUser({ subscription: 'reader_subscription' }) });
    const results: boolean[] = [];
    function Probe() {
      const gate = usePermissionGate();
      const { data: user } = useUser();
      return (
        <button
          type="button"
          disabled={!user}
          onClick={() =>
            results.push(
              gate('read', () => {}),
              gate('write', () => {}),
            )
          }
        >
          Probe
        </button>
      );
    }
    renderWithProviders(<Probe />);
    const button = screen.getByRole('button', { name: 'Probe' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);
    expect(results).toEqual([true, false]);
  });
});
