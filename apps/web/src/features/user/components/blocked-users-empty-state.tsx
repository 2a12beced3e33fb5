import BlockIcon from '@mui/icons-material/Block';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';

export function BlockedUsersEmptyState() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 4, sm: 6 }, px: 2 }}>
      <Box
        aria-hidden
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.secondary',
        }}
      >
        <BlockIcon fontSize="large" />
      </Box>
      <Typography variant="h3" component="p">
        {t('blockedUsersPage.emptyTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {t('blockedUsersPage.emptyBody')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('blockedUsersPage.emptyHint')}
      </Typography>
    </Stack>
  );
}
