import { createTheme } from '@mui/material/styles';

/**
 * One theme with light and dark schemes as CSS variables, so switching needs no re-render of the
 * tree and the first paint already follows the system preference.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#0f766e', contrastText: '#ffffff' },
        secondary: { main: '#6a1b9a' },
        warning: { main: '#b45309' },
        background: { default: '#f6f8f7', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#5eead4', contrastText: '#0b1f1d' },
        secondary: { main: '#d8b4fe' },
        warning: { main: '#fbbf24' },
        background: { default: '#0b1413', paper: '#111d1c' },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 700 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
  },
});
