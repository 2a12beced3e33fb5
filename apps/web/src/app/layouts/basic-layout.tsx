import { Box, Paper } from '@mui/material';
import { Outlet } from 'react-router';
import { AppFooter } from './app-footer';
import { Brand } from './brand';

/** Guests (sign-in, register, password reset) and the not-found page: one calm card, the brand above it. */
export default function BasicLayout() {
  return (
    <Box
      sx={(theme) => ({
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        pt: { xs: 4, sm: 8 },
        background: `radial-gradient(1000px 500px at 15% -10%, ${theme.alpha((theme.vars ?? theme).palette.primary.main, 0.14)}, transparent 70%),
          radial-gradient(800px 500px at 100% 110%, ${theme.alpha((theme.vars ?? theme).palette.secondary.main, 0.08)}, transparent 70%),
          ${(theme.vars ?? theme).palette.background.default}`,
      })}
    >
      <Brand size={40} />
      <Paper
        component="main"
        id="main"
        tabIndex={-1}
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: 440,
          mt: 3,
          p: { xs: 3, sm: 4 },
          borderRadius: 3,
          outline: 'none',
          boxShadow: '0 12px 40px rgba(0, 0, 0, 0.06)',
        }}
      >
        <Outlet />
      </Paper>
      <Box sx={{ mt: 'auto', width: '100%' }}>
        <AppFooter />
      </Box>
    </Box>
  );
}
