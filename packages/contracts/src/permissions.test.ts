import { describe, expect, it } from 'vitest';
import { canRead, canWrite, isOnTrial, planFor } from './permissions';

const now = new Date('2026-06-01T12:00:00Z');
const later = '2026-06-02T00:00:00Z';
const earlier = '2026-05-31T00:00:00Z';

describe('the permission table of docs/rules.md', () => {
  it.each([
    { who: 'trial user', subscription: null, trial_ends_at: later, read: true, write: true },
    { who: 'reader_subscription', subscription: 'reader_subscription', trial_ends_at: earlier, read: true, write: false },
    { who: 'leader_subscription', subscription: 'leader_subscription', trial_ends_at: null, read: true, write: true },
    { who: 'trial over, no plan', subscription: null, trial_ends_at: earlier, read: false, write: false },
    { who: 'never any', subscription: null, trial_ends_at: null, read: false, write: false },
  ] as const)('$who may read: $read, write: $write', ({ subscription, trial_ends_at, read, write }) => {
    const holder = { subscription, trial_ends_at };
    expect(canRead(holder, now)).toBe(read);
    expect(canWrite(holder, now)).toBe(write);
  });

  it('ends a trial at the exact instant trialEndsAt passes', () => {
    const holder = { subscription: null, trial_ends_at: new Date(now.getTime() + 1) };
    expect(isOnTrial(holder, now)).toBe(true);
    expect(isOnTrial(holder, new Date(now.getTime() + 1))).toBe(false);
  });

  it('offers the plan that grants a missing ability', () => {
    expect(planFor('read')).toBe('reader_subscription');
    expect(planFor('write')).toBe('leader_subscription');
  });
});
