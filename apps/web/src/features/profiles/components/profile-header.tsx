import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { UserAvatar } from '../../../components/user-avatar';
import type { Profile } from '../api/get-profile';
import { FollowButton } from './follow-button';
import { ProfileBlockMenu } from './profile-block-menu';

/** Who the person is: avatar, names, when they joined, their counts, and what I can do about them. */
export function ProfileHeader({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const counts = [
    t('profile.discussionsCount', { count: profile.discussionsCount }),
    t('profile.followersCount', { count: profile.followersCount }),
    t('profile.followingsCount', { count: profile.followingsCount }),
  ];
  return (
    <Box component="header" sx={{ mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <UserAvatar name={profile.displayName} color={profile.avatarColor} size={72} aria-hidden />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {profile.isMe && (
            <Typography variant="overline" color="text.secondary" component="p">
              {t('profile.yourProfile')}
            </Typography>
          )}
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {profile.displayName}
          </Typography>
          {profile.name !== profile.displayName && <Typography color="text.secondary">{profile.name}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {t('profile.joined', { date: profile.joinedAt })}
          </Typography>
          <Box
            component="ul"
            aria-label={t('profile.counts')}
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
          >
            {counts.map((count) => (
              <Typography key={count} component="li" variant="body2" sx={{ fontWeight: 600 }}>
                {count}
              </Typography>
            ))}
          </Box>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {profile.isMe ? (
            <Button component={RouterLink} to={paths.UserAccount()} variant="outlined" startIcon={<EditIcon />}>
              {t('profile.editProfile')}
            </Button>
          ) : (
            <>
              {/* Nobody follows someone they blocked: the button comes back after unblocking. */}
              {!profile.blocked && <FollowButton sid={profile.sid} name={profile.displayName} followed={profile.followed} />}
              <ProfileBlockMenu profile={profile} />
            </>
          )}
        </Stack>
      </Stack>
      {profile.blocked && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('profile.blockedNote')}
        </Alert>
      )}
    </Box>
  );
}
