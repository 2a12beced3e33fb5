import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { User } from '../../auth';
import { useUpdateProfile } from '../api/update-profile';
import { fieldErrorsFor } from '../utils/field-errors';
import { AvatarColorPicker, isAvatarColor } from './avatar-color-picker';
import { SectionCard } from './section-card';
import { UserAvatar } from '../../../components/user-avatar';

const FIELDS = ['displayName', 'name', 'avatarColor'] as const;

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [displayName, setDisplayName] = useState(user.displayName);
  const [name, setName] = useState(user.name);
  const [avatarColor, setAvatarColor] = useState(user.avatarColor);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const updateProfile = useUpdateProfile();

  const changed = displayName !== user.displayName || name !== user.name || avatarColor !== user.avatarColor;
  const edit = () => {
    setErrors({});
    updateProfile.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    updateProfile.mutate(
      {
        displayName: displayName.trim(),
        name: name.trim(),
        // A colour from before the current palette is left alone rather than rejected.
        avatarColor: isAvatarColor(avatarColor) ? avatarColor : undefined,
      },
      {
        onSuccess: (saved) => {
          setDisplayName(saved.displayName);
          setName(saved.name);
        },
        onError: (error) => setErrors(fieldErrorsFor(error, FIELDS)),
      },
    );
  };

  return (
    <SectionCard title={t('accountPage.profile.title')} lead={t('accountPage.profile.lead')}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <UserAvatar
            name={displayName || user.displayName}
            color={avatarColor}
            size={56}
            role="img"
            aria-label={t('accountPage.profile.avatarPreview')}
          />
          <TextField
            label={t('accountPage.profile.displayName')}
            value={displayName}
            onChange={(event) => {
              setDisplayName(event.target.value);
              edit();
            }}
            error={Boolean(errors.displayName)}
            helperText={errors.displayName ?? t('accountPage.profile.displayNameHelp')}
            autoComplete="nickname"
            slotProps={{ htmlInput: { maxLength: 40 } }}
            fullWidth
          />
          <TextField
            label={t('accountPage.profile.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              edit();
            }}
            error={Boolean(errors.name)}
            helperText={errors.name ?? t('accountPage.profile.nameHelp')}
            autoComplete="name"
            slotProps={{ htmlInput: { maxLength: 100 } }}
            fullWidth
          />
          <AvatarColorPicker
            value={avatarColor}
            onChange={(color) => {
              setAvatarColor(color);
              edit();
            }}
            error={errors.avatarColor}
          />
          {updateProfile.isSuccess && <Alert severity="success">{t('accountPage.profile.saved')}</Alert>}
          <Box>
            <Button type="submit" variant="contained" loading={updateProfile.isPending} disabled={!changed && !updateProfile.isPending}>
              {t('accountPage.profile.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
