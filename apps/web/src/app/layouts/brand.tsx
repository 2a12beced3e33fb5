import { Box, Typography } from '@mui/material';
import { useTranslation } from '../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { HOME_PATH } from '../../lib/paths';

/** The winking mark of the favicon, drawn in the theme's primary colour. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 64 64" aria-hidden sx={{ width: size, height: size, flexShrink: 0, color: 'primary.main' }}>
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <Box component="circle" cx="23" cy="28" r="6" sx={{ fill: (theme) => (theme.vars ?? theme).palette.primary.contrastText }} />
      <Box
        component="path"
        d="M35 28h12M20 42c7 7 17 7 24 0"
        sx={{ fill: 'none', strokeWidth: 5, strokeLinecap: 'round', stroke: (theme) => (theme.vars ?? theme).palette.primary.contrastText }}
      />
    </Box>
  );
}

/** Mark and name, linking home; `compact` keeps only the mark on phones (the link's label names it either way). */
export function Brand({ size = 32, compact = false }: { size?: number; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to={HOME_PATH}
      aria-label={t('app.homeLink')}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <BrandMark size={size} />
      <Typography
        component="span"
        sx={[
          { fontWeight: 700, fontSize: size >= 40 ? '1.4rem' : '1.1rem', whiteSpace: 'nowrap' },
          compact && { display: { xs: 'none', sm: 'inline' } },
        ]}
      >
        {t('app.name')}
      </Typography>
    </Box>
  );
}
