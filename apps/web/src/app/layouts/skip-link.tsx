import { Box } from '@mui/material';
import { useTranslation } from '../../lib/i18n';

/**
 * First stop for keyboard users: moves focus past the app bar to <main id="main">. Focus is moved
 * by hand so the router sees no `#main` navigation (which would add a history entry).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href="#main"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('app.skipToContent')}
    </Box>
  );
}
