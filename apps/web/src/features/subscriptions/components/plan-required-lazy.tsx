import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { PlanRequiredProps } from './plan-required';

const PlanRequired = lazy(() => import('./plan-required'));

/** The plan panel, its code (with the plans list) fetched only when a page needs it. */
export function PlanRequiredPanel(props: PlanRequiredProps) {
  return (
    <Suspense fallback={<Box sx={{ minHeight: 320 }} aria-busy="true" />}>
      <PlanRequired {...props} />
    </Suspense>
  );
}
