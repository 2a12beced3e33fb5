import { Box, Button } from '@mui/material';
import { useTranslation } from '../../lib/i18n';
import { NavLink } from 'react-router';
import type { Destination } from './primary-destinations';

/** The destinations as app-bar buttons, from 600 px up; NavLink marks the current one (aria-current). */
export function PrimaryNav({ destinations }: { destinations: Destination[] }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('nav.mainNavigation')} sx={{ display: { xs: 'none', sm: 'flex' }, gap: 0.5, mx: 2 }}>
      {destinations.map((destination) => (
        <Button
          key={destination.key}
          component={NavLink}
          to={destination.to}
          startIcon={destination.icon}
          aria-label={destination.accessibleLabel}
          color="inherit"
          sx={{
            px: { sm: 1, md: 1.5 },
            color: 'text.secondary',
            '& .MuiButton-startIcon': { mr: { sm: 0, md: 1 } },
            '&[aria-current="page"]': { color: 'primary.main', bgcolor: 'action.selected' },
          }}
        >
          {/* Icons alone between 600 and 900 px, where four labels do not fit beside the brand. */}
          <Box component="span" sx={{ display: { sm: 'none', md: 'inline' } }}>
            {destination.label}
          </Box>
        </Button>
      ))}
    </Box>
  );
}
