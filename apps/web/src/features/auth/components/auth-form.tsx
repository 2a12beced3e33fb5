import { Stack } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The form of every auth page: the browser's own validation is off (each form checks its fields and
 * shows sentences under them, as the server's 422 does) and submitting never reloads the page.
 */
export function AuthForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </Stack>
  );
}
