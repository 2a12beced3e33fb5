import { Alert, Button, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH, paths } from '../../../lib/paths';
import { safeRedirectPath } from '../../../lib/session';
import { register, type RegisterInput } from '../api/register';
import { completeSignIn } from '../complete-sign-in';
import { validateRegistration } from '../register-validation';
import { PASSWORD_MIN_LENGTH, reportFormError, type FieldErrors } from '../validation';
import { TextLink } from './text-link';
import { AuthCardHeader } from './auth-card-header';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';
import { PasswordField } from './password-field';

type TextFieldName = Exclude<keyof RegisterInput, 'newsletterSubscription'>;

/** Form order, so the first field with a problem gets the focus. */
const FIELD_ORDER: TextFieldName[] = ['name', 'displayName', 'email', 'password', 'passwordConfirmation'];

/** Registration (docs/data.md): the account starts a trial and is signed in at once. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<RegisterInput>({
    name: '',
    displayName: '',
    email: searchParams.get('email') ?? '',
    password: '',
    passwordConfirmation: '',
    newsletterSubscription: false,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const inputs = useRef<Partial<Record<TextFieldName, HTMLInputElement | null>>>({});

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    inputs.current[FIELD_ORDER.find((field) => next[field]) ?? 'name']?.focus();
  };

  const submit = useMutation({
    mutationFn: async (input: RegisterInput) => {
      await register(input);
      await completeSignIn('user_signed_up');
    },
    meta: { silent: true },
    onSuccess: () => void navigate(safeRedirectPath(searchParams.get('redirect'), HOME_PATH), { replace: true }),
    onError: (failure) => reportFormError(failure, showErrors),
  });

  const field = (name: TextFieldName) => ({
    id: name,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name],
    required: true,
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
  });

  return (
    <>
      <AuthCardHeader title={t('auth.register.title')} lead={t('auth.register.trial')} />
      <AuthForm
        onSubmit={() => {
          const problems = validateRegistration(values, t);
          if (Object.keys(problems).length > 0) return showErrors(problems);
          setErrors({});
          submit.mutate({ ...values, name: values.name.trim(), displayName: values.displayName.trim(), email: values.email.trim() });
        }}
      >
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <AuthField {...field('name')} label={t('auth.fields.name')} autoComplete="name" />
        <AuthField
          {...field('displayName')}
          label={t('auth.fields.displayName')}
          autoComplete="nickname"
          hint={t('auth.hints.displayName')}
        />
        <AuthField {...field('email')} type="email" label={t('auth.fields.email')} autoComplete="email" />
        <PasswordField
          {...field('password')}
          label={t('auth.fields.password')}
          autoComplete="new-password"
          hint={t('auth.hints.password', { min: PASSWORD_MIN_LENGTH })}
        />
        <PasswordField {...field('passwordConfirmation')} label={t('auth.fields.passwordConfirmation')} autoComplete="new-password" />
        <FormControlLabel
          control={
            <Checkbox
              checked={values.newsletterSubscription}
              onChange={(event) => setValues((current) => ({ ...current, newsletterSubscription: event.target.checked }))}
            />
          }
          label={t('auth.fields.newsletter')}
        />
        <Button type="submit" variant="contained" size="large" loading={submit.isPending}>
          {t('auth.register.submit')}
        </Button>
      </AuthForm>
      <Typography sx={{ mt: 3, textAlign: 'center' }} color="text.secondary">
        {t('auth.register.haveAccount')} <TextLink to={paths.SignIn()}>{t('auth.register.signIn')}</TextLink>
      </Typography>
    </>
  );
}
