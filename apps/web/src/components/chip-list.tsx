import { Stack } from '@mui/material';
import type { ReactNode } from 'react';

/** Chips as a wrapping list (each child an `<li>`), named for assistive technology by a label or a heading's id. */
export function ChipList({ children, ...name }: { children: ReactNode } & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  return (
    <Stack component="ul" {...name} direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}>
      {children}
    </Stack>
  );
}
