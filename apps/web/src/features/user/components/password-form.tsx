import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useUpdatePassword, type PasswordChange } from '../api/update-password';
import { fieldErrorsFor } from '../utils/field-errors';
import { SectionCard } from './section-card';

const EMPTY: PasswordChange = { currentPassword: '', password: '', passwordConfirmation: '' };
const FIELDS = ['currentPassword', 'password', 'passwordConfirmation'] as const;

export function PasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const updatePassword = useUpdatePassword();

  const field = (name: keyof PasswordChange) => ({
    name,
    type: 'password',
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: '' }));
      if (updatePassword.isSuccess) updatePassword.reset();
    },
    error: Boolean(errors[name]),
    fullWidth: true,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    updatePassword.mutate(values, {
      onSuccess: () => setValues(EMPTY),
      onError: (error) => setErrors(fieldErrorsFor(error, FIELDS)),
    });
  };

  return (
    <SectionCard title={t('accountPage.password.title')} lead={t('accountPage.password.lead')}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <TextField
            {...field('currentPassword')}
            label={t('accountPage.password.current')}
            autoComplete="current-password"
            helperText={errors.currentPassword || undefined}
          />
          <TextField
            {...field('password')}
            label={t('accountPage.password.new')}
            autoComplete="new-password"
            helperText={errors.password || t('accountPage.password.newHelp')}
          />
          <TextField
            {...field('passwordConfirmation')}
            label={t('accountPage.password.confirmation')}
            autoComplete="new-password"
            helperText={errors.passwordConfirmation || undefined}
          />
          {updatePassword.isSuccess && <Alert severity="success">{t('accountPage.password.changed')}</Alert>}
          <Box>
            <Button
              type="submit"
              variant="contained"
              loading={updatePassword.isPending}
              disabled={!values.currentPassword || !values.password}
            >
              {t('accountPage.password.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
