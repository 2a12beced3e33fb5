import PeopleIcon from '@mui/icons-material/People';
import { Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useUser } from '../../auth';
import { UserAvatar } from '../../../components/user-avatar';
import { profileFollowingsQueryOptions, useProfileFollowings, type Following } from '../api/get-profile-followings';
import { FollowButton } from './follow-button';
import { ProfileList } from './profile-list';
import { withSectionData } from './profile-section-data';

/** The profile's followings section: the people they follow, each with a follow button of my own. */
function ProfileFollowingsPage() {
  const { t } = useTranslation();
  const { sid = '' } = useParams();
  const { data: me } = useUser();
  const followings = useProfileFollowings(sid);
  return (
    <ProfileList
      query={followings}
      label={t('profile.followingsList')}
      empty={{ icon: <PeopleIcon />, title: t('profile.followingsEmptyTitle'), description: t('profile.followingsEmptyBody') }}
      keyOf={(person) => person.sid}
      renderItem={(person) => <FollowingRow person={person} isMe={me?.sid === person.sid} />}
    />
  );
}

function FollowingRow({ person, isMe }: { person: Following; isMe: boolean }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, '&:last-child': { pb: 2 } }}>
        <UserAvatar name={person.displayName} color={person.avatarColor} aria-hidden />
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Link component={RouterLink} to={paths.UserProfile(person.sid)} underline="hover" color="inherit" noWrap sx={{ fontWeight: 600 }}>
            {person.displayName}
          </Link>
          {person.name !== person.displayName && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {person.name}
            </Typography>
          )}
        </Stack>
        {!isMe && <FollowButton sid={person.sid} name={person.displayName} followed={person.followed} size="small" />}
      </CardContent>
    </Card>
  );
}

/** Rendered on the server, the section comes with its list's first page. */
export default withSectionData(ProfileFollowingsPage, (queryClient, sid) =>
  queryClient.prefetchInfiniteQuery(profileFollowingsQueryOptions(sid)),
);
