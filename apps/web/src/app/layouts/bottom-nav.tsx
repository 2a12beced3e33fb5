import { BottomNavigation, BottomNavigationAction, Paper } from '@mui/material';
import { useTranslation } from '../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { useActiveDestination, type Destination } from './primary-destinations';

/** Height the page keeps free at the bottom on phones. */
export const BOTTOM_NAV_HEIGHT = 56;

/** On phones (below `sm`) the destinations sit at the bottom, in thumb's reach; wider, CSS hides this bar. */
export function BottomNav({ destinations }: { destinations: Destination[] }) {
  const { t } = useTranslation();
  const active = useActiveDestination(destinations);
  return (
    <Paper
      component="nav"
      aria-label={t('nav.mainNavigation')}
      elevation={8}
      square
      sx={{
        display: { xs: 'block', sm: 'none' },
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 'appBar',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation value={active} showLabels sx={{ height: BOTTOM_NAV_HEIGHT }}>
        {destinations.map((destination) => (
          <BottomNavigationAction
            key={destination.key}
            component={RouterLink}
            to={destination.to}
            value={destination.key}
            label={destination.label}
            icon={destination.icon}
            aria-label={destination.accessibleLabel}
            aria-current={active === destination.key ? 'page' : undefined}
            sx={{ minWidth: 0 }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
