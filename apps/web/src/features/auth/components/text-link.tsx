import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * An in-app text link styled like MUI's Link, without its module: the sign-in page counts every
 * kilobyte of its first paint.
 */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      sx={{
        color: 'primary.main',
        fontWeight: 600,
        textDecoration: 'underline',
        textDecorationColor: 'currentColor',
        textUnderlineOffset: '0.2em',
        borderRadius: 0.5,
        '&:hover': { textDecorationThickness: 2 },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
}
