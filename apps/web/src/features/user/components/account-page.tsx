import { Stack, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { useUser } from '../../auth';
import { DeleteAccountSection } from './delete-account-section';
import { EmailSection } from './email-section';
import { ExportDataSection } from './export-data-section';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { VerificationAlert } from './verification-alert';

/** Profile, e-mail, password, export and deletion: everything about the account itself. */
export default function AccountPage() {
  const { t } = useTranslation();
  // The route guard has loaded the user before this page renders.
  const { data: user } = useUser();
  if (!user) return null;

  return (
    <Stack spacing={3}>
      <Typography variant="h2">{t('accountPage.title')}</Typography>
      <VerificationAlert />
      <ProfileForm user={user} />
      <EmailSection user={user} />
      <PasswordForm />
      <ExportDataSection />
      <DeleteAccountSection />
    </Stack>
  );
}
