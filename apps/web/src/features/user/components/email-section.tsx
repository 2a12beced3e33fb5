import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import type { User } from '../../auth';
import { useResendVerification } from '../api/resend-verification';
import { SectionCard } from './section-card';

/** The address and whether it is verified; an unverified one can ask for a new link. */
export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const verified = Boolean(user.emailVerifiedAt);

  return (
    <SectionCard title={t('accountPage.email.title')}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{user.email}</Typography>
        {verified ? (
          <Chip size="small" color="success" variant="outlined" icon={<CheckCircleIcon />} label={t('accountPage.email.verified')} />
        ) : (
          <Chip size="small" color="warning" variant="outlined" icon={<ErrorOutlineIcon />} label={t('accountPage.email.notVerified')} />
        )}
      </Stack>
      {!verified && (
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            {t('accountPage.email.notVerifiedHelp')}
          </Typography>
          {resend.isSuccess ? (
            <Alert severity="success" role="status">
              {t('accountPage.email.resent')}
            </Alert>
          ) : (
            <Box>
              <Button variant="outlined" onClick={() => resend.mutate()} loading={resend.isPending}>
                {t('accountPage.email.resend')}
              </Button>
            </Box>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
