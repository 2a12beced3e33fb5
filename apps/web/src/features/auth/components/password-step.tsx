import { Box, Button, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import type { SignInFlow } from '../sign-in-flow';
import { reportFormError } from '../validation';
import { PasswordField } from './password-field';
import { TextLink } from './text-link';
import { AuthForm } from './auth-form';

interface PasswordStepProps {
  flow: SignInFlow;
  email: string;
  onSignedIn: () => void;
}

/** Step two: the password for the checked address, "Remember me", and the ways out. */
export function PasswordStep({ flow, email, onSignedIn }: PasswordStepProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string>();
  const login = useMutation({
    mutationFn: () => flow.login(password, remember),
    meta: { silent: true },
    onSuccess: onSignedIn,
    // Wrong credentials come back as a 422 on `email` (Laravel's habit); the password is what to retype.
    onError: (failure) => reportFormError(failure, (errors) => setError(errors.email ?? errors.password ?? errors.form)),
  });

  return (
    <AuthForm
      onSubmit={() => {
        const problem = password ? undefined : t('auth.validation.passwordRequired');
        setError(problem);
        if (!problem) login.mutate();
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('auth.signIn.signingInAs')}
          </Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{email}</Typography>
        </Box>
        <Button size="small" onClick={() => flow.reset()}>
          {t('auth.signIn.useAnotherEmail')}
        </Button>
      </Box>
      {/* Lets password managers file the password under the right address. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        id="password"
        label={t('auth.fields.password')}
        autoComplete="current-password"
        autoFocus
        required
        value={password}
        onChange={setPassword}
        error={error}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          control={<Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
          label={t('auth.fields.remember')}
        />
        <TextLink to={`${paths.ForgotPassword()}?email=${encodeURIComponent(email)}`}>{t('auth.signIn.forgotPassword')}</TextLink>
      </Box>
      <Button type="submit" variant="contained" size="large" loading={login.isPending}>
        {t('auth.signIn.submit')}
      </Button>
    </AuthForm>
  );
}
