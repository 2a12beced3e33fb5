import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The page heading and its one-line lead, the same on every auth page. */
export function AuthCardHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header>
      <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: lead ? 1 : 3 }}>
        {title}
      </Typography>
      {lead && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {lead}
        </Typography>
      )}
    </header>
  );
}
