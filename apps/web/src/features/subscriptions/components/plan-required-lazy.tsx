import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import { loadMessages } from '../../../lib/i18n';
import type { PlanRequiredProps } from './plan-required';

// The panel's text (the subscription area) comes with its code: the pages that show it may not have loaded it.
const PlanRequired = lazy(() => Promise.all([import('./plan-required'), loadMessages('subscription')]).then(([module]) => module));

/** The plan panel, its code (with the plans list) fetched only when a page needs it. */
export function PlanRequiredPanel(props: PlanRequiredProps) {
  return (
    <Suspense fallback={<Box sx={{ minHeight: 320 }} aria-busy="true" />}>
      <PlanRequired {...props} />
    </Suspense>
  );
}
