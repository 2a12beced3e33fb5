import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, type DataRouter } from 'react-router';
import { theme } from '../app/theme';

/**
 * Test-only: renders a memory router (each suite builds its own routes) under `queryClient`, inside
 * the app's theme unless `appTheme` is false: some suites have always run their pages on MUI's
 * default theme, and keep doing so.
 */
export function renderRouter(router: DataRouter, queryClient: QueryClient, { appTheme = true }: { appTheme?: boolean } = {}) {
  const tree = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  return render(
    appTheme ? (
      <ThemeProvider theme={theme} defaultMode="light">
        {tree}
      </ThemeProvider>
    ) : (
      tree
    ),
  );
}
