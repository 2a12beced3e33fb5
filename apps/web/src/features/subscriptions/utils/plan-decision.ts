import type { Ability } from '@wink/contracts/permissions';
import { ApiError } from '../../../lib/api-client';

/**
 * A 403 the server gave because of the person's plan (docs/rules.md): it names the plan that would
 * allow the request (`required_plan`), which other 403s (members only, owner only) never do. A page
 * that meets one shows what the plan allows and the plans, never "does not exist" or "could not be
 * loaded".
 */
export interface PlanDecision {
  ability: Ability;
}

export function planDecisionOf(error: unknown): PlanDecision | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const required = (error.data as { requiredPlan?: unknown; required_plan?: unknown }).requiredPlan ?? error.data.required_plan;
  if (required === 'leader_subscription') return { ability: 'write' };
  if (required === 'reader_subscription') return { ability: 'read' };
  return null;
}
