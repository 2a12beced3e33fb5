import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

interface UnknownEmailStepProps {
  email: string;
  /** Where sign-in would have led, passed on so registering lands there too. */
  redirect: string | null;
  onUseAnotherEmail: () => void;
}

/** Step one said no: say so plainly and offer the two ways forward. */
export function UnknownEmailStep({ email, redirect, onUseAnotherEmail }: UnknownEmailStepProps) {
  const { t } = useTranslation();
  const query = new URLSearchParams({ email });
  if (redirect) query.set('redirect', redirect);

  return (
    <Stack spacing={2.5} role="status">
      <div>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          {t('auth.signIn.noAccountTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('auth.signIn.noAccountBody', { email })}
        </Typography>
      </div>
      <Button
        component={RouterLink}
        to={`${paths.Register()}?${query.toString()}`}
        variant="contained"
        size="large"
        startIcon={<PersonAddIcon />}
      >
        {t('auth.signIn.createWithEmail')}
      </Button>
      <Button onClick={onUseAnotherEmail}>{t('auth.signIn.useAnotherEmail')}</Button>
    </Stack>
  );
}
