/**
 * What other features use of plans: the permission gate and the plan panel. The panel's module loads
 * the panel itself lazily, so nothing here pulls the plans' code into a page that imports this.
 */
export { checkPermission, usePermissionGate } from './use-permission-gate';
export { planDecisionOf } from './utils/plan-decision';
export { PlanRequiredPanel } from './components/plan-required-lazy';
