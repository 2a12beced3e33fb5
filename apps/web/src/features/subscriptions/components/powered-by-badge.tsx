import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';

/**
 * 'Powered by Stripe' (docs/product.md: the card payment provider's badge). Text and an icon rather than
 * the provider's image: nothing remote to load, and it follows the light and dark schemes.
 */
export function PoweredByBadge() {
  const { t } = useTranslation();
  return (
    <Stack sx={{ alignItems: 'center', gap: 1, mt: 3 }}>
      <Box
        data-testid="powered-by-badge"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.75,
          px: 1.5,
          py: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 999,
          bgcolor: 'background.paper',
        }}
      >
        <LockOutlinedIcon aria-hidden sx={{ fontSize: 16, color: 'text.secondary' }} />
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {t('subscription.plans.poweredBy')}{' '}
          <Box
            component="span"
            sx={(theme) => ({
              fontWeight: 800,
              letterSpacing: '-0.02em',
              // Stripe's own violet; a lighter tint keeps the contrast on dark paper.
              color: '#635bff',
              ...theme.applyStyles('dark', { color: '#a5a1ff' }),
            })}
          >
            {t('subscription.plans.provider')}
          </Box>
        </Typography>
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
        {t('subscription.plans.secureNote')}
      </Typography>
    </Stack>
  );
}
