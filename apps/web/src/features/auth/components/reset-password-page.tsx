import { Alert, Button, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { resetPassword, type ResetPasswordInput } from '../api/password-reset';
import { compact, PASSWORD_MIN_LENGTH, reportFormError, validateEmail, validateNewPassword, type FieldErrors } from '../validation';
import { TextLink } from './text-link';
import { AuthCardHeader } from './auth-card-header';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';
import { PasswordField } from './password-field';
import type { SignInLocationState } from './sign-in-page';

/** The page the mailed link opens: /reset-password/{token}?email=… */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState({ email: searchParams.get('email') ?? '', password: '', passwordConfirmation: '' });
  const { email, password, passwordConfirmation } = values;
  const [errors, setErrors] = useState<FieldErrors>({});
  // Every field is required, holds its value in `values` and shows its own error.
  const field = (name: keyof typeof values) => ({
    id: name,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name],
    required: true,
  });

  const save = useMutation({
    mutationFn: (input: ResetPasswordInput) => resetPassword(input),
    meta: { silent: true },
    onSuccess: (_, input) => {
      const state: SignInLocationState = { passwordReset: true, email: input.email };
      void navigate(paths.SignIn(), { replace: true, state });
    },
    onError: (failure) => reportFormError(failure, setErrors),
  });

  return (
    <>
      <AuthCardHeader title={t('auth.resetPassword.title')} lead={t('auth.resetPassword.lead')} />
      <AuthForm
        onSubmit={() => {
          const problems = { ...compact({ email: validateEmail(email, t) }), ...validateNewPassword(password, passwordConfirmation, t) };
          setErrors(problems);
          if (Object.keys(problems).length === 0) save.mutate({ token, email: email.trim(), password, passwordConfirmation });
        }}
      >
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <AuthField
          {...field('email')}
          type="email"
          label={t('auth.fields.email')}
          autoComplete="email"
          error={errors.email ?? errors.token}
        />
        <PasswordField
          {...field('password')}
          label={t('auth.fields.newPassword')}
          autoComplete="new-password"
          autoFocus
          hint={t('auth.hints.password', { min: PASSWORD_MIN_LENGTH })}
        />
        <PasswordField {...field('passwordConfirmation')} label={t('auth.fields.passwordConfirmation')} autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" loading={save.isPending}>
          {t('auth.resetPassword.submit')}
        </Button>
      </AuthForm>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <TextLink to={email ? `${paths.ForgotPassword()}?email=${encodeURIComponent(email)}` : paths.ForgotPassword()}>
          {t('auth.resetPassword.requestNewLink')}
        </TextLink>
      </Typography>
    </>
  );
}
