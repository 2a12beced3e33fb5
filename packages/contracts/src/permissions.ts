/**
 * Who may read and who may write (docs/rules.md). One function pair for server and web,
 * so the client's first check and the server's rule can never disagree.
 *
 * | holder              | read | write |
 * | trial (ends later)  | yes  | yes   |
 * | reader_subscription | yes  | no    |
 * | leader_subscription | yes  | yes   |
 * | anyone else         | no   | no    |
 */
export type PlanType = 'reader_subscription' | 'leader_subscription';
export type Ability = 'read' | 'write';

export interface PermissionHolder {
  subscription: PlanType | null;
  trial_ends_at: string | Date | null;
}

export function isOnTrial(holder: PermissionHolder, now: Date = new Date()): boolean {
  if (!holder.trial_ends_at) return false;
  return new Date(holder.trial_ends_at).getTime() > now.getTime();
}

export function canRead(holder: PermissionHolder, now: Date = new Date()): boolean {
  return isOnTrial(holder, now) || holder.subscription === 'reader_subscription' || holder.subscription === 'leader_subscription';
}

export function canWrite(holder: PermissionHolder, now: Date = new Date()): boolean {
  return isOnTrial(holder, now) || holder.subscription === 'leader_subscription';
}

export function can(ability: Ability, holder: PermissionHolder, now: Date = new Date()): boolean {
  return ability === 'read' ? canRead(holder, now) : canWrite(holder, now);
}

/** The plan that would grant an ability: what the subscription dialog offers when it is missing. */
export function planFor(ability: Ability): PlanType {
  return ability === 'read' ? 'reader_subscription' : 'leader_subscription';
}

export const permissionDeniedMessage: Record<Ability, string> = {
  read: 'Your plan does not include reading. Choose a plan to continue.',
  write: 'Your plan does not include writing. Upgrade to the leader plan to post.',
};
