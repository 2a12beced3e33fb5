import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { planDecisionOf } from './plan-decision';

const forbidden = (data: ApiError['data']) => new ApiError(403, 'Forbidden', data, new Headers());

describe('planDecisionOf', () => {
  it('reads a 403 that names the plan as a plan decision', () => {
    expect(planDecisionOf(forbidden({ message: 'Your plan does not include reading.', requiredPlan: 'reader_subscription' }))).toEqual({
      ability: 'read',
    });
    expect(planDecisionOf(forbidden({ message: 'Your plan does not include writing.', requiredPlan: 'leader_subscription' }))).toEqual({
      ability: 'write',
    });
  });

  it('leaves other refusals alone: members only, a 404, a network failure', () => {
    expect(planDecisionOf(forbidden({ message: 'Only members can read this discussion.' }))).toBeNull();
    expect(planDecisionOf(new ApiError(404, 'Not Found', {}, new Headers()))).toBeNull();
    expect(planDecisionOf(new Error('boom'))).toBeNull();
  });
});
