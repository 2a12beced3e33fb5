import { Box, Container } from '@mui/material';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AppFooter } from './app-footer';
import { SkipLink } from './skip-link';

/** Skip link, header, <main id="main"> with the page, the footer; `bottomGap` keeps clear of the phone nav bar (below `sm`). */
export function PageFrame({ header, bottomBar, bottomGap = 0 }: { header: ReactNode; bottomBar?: ReactNode; bottomGap?: number }) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        pb: bottomGap ? { xs: `calc(${bottomGap}px + env(safe-area-inset-bottom))`, sm: 0 } : 0,
      }}
    >
      <SkipLink />
      {header}
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 } }}>
          <Outlet />
        </Container>
      </Box>
      <AppFooter />
      {bottomBar}
    </Box>
  );
}
