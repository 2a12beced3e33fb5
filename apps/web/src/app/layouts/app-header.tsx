import { AppBar, Box, Toolbar } from '@mui/material';
import type { ReactNode } from 'react';
import { Brand } from './brand';

interface AppHeaderProps {
  /** The destinations, when they sit in the bar (wide screens). */
  nav?: ReactNode;
  /** The right-hand side: the user menu, or the guest's sign-in buttons. */
  actions: ReactNode;
  /** Mark only on phones, when the right-hand side needs the room. */
  compactBrand?: boolean;
}

/** The bar on top of every signed-in and shared page. */
export function AppHeader({ nav, actions, compactBrand = false }: AppHeaderProps) {
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', pt: 'env(safe-area-inset-top)' }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <Brand compact={compactBrand} />
        {nav}
        <Box sx={{ flex: 1 }} />
        {actions}
      </Toolbar>
    </AppBar>
  );
}
