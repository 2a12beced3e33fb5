import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import type { SignInFlow } from '../sign-in-flow';
import { EmailForm } from './email-form';

/** Step one: the address. The flow remembers it and whether an account uses it. */
export function EmailStep({ flow, initialEmail }: { flow: SignInFlow; initialEmail: string }) {
  const { t } = useTranslation();
  const check = useMutation({ mutationFn: (address: string) => flow.checkEmail(address), meta: { silent: true } });
  return <EmailForm initialEmail={initialEmail} autoComplete="username" submitLabel={t('auth.signIn.continue')} mutation={check} />;
}
