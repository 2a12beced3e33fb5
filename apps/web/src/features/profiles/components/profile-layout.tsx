import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Box, Button, Tab, Tabs } from '@mui/material';
import { Link as RouterLink, Outlet, useLocation, useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { HOME_PATH, paths } from '../../../lib/paths';
import { withFirstViewData } from '../../../lib/first-view-data';
import { profileQueryOptions, useProfile } from '../api/get-profile';
import { ProfileHeader } from './profile-header';
import { LoadFailed } from '../../../components/load-failed';

const SECTIONS = ['discussions', 'replies', 'upvotes', 'followings'] as const;
type Section = (typeof SECTIONS)[number];

const sectionPath: Record<Section, (sid: string) => string> = {
  discussions: paths.UserProfileDiscussions,
  replies: paths.UserProfileReplies,
  upvotes: paths.UserProfileUpvotes,
  followings: paths.UserProfileFollowings,
};

/** /user-profile/{sid}: who the member is, and their activity in four sections (one per child route). */
function ProfileLayout() {
  const { t } = useTranslation();
  const { sid = '' } = useParams();
  const { pathname } = useLocation();
  const profile = useProfile(sid);
  const current = SECTIONS.find((section) => pathname === sectionPath[section](sid)) ?? false;

  if (profile.isPending) return <DelayedSpinner />;
  if (profile.isError) {
    // Someone who does not exist and someone in a block with me answer the same 404 (blocking is silent).
    if (profile.error instanceof ApiError && profile.error.status === 404)
      return (
        <>
          <BackButton fallback={HOME_PATH} />
          <EmptyState
            titleComponent="h1"
            icon={<PersonOffIcon />}
            title={t('profile.notFoundTitle')}
            description={t('profile.notFoundBody')}
            action={
              <Button component={RouterLink} to={paths.Discussions()} variant="outlined">
                {t('discussions.browse')}
              </Button>
            }
          />
        </>
      );
    return <LoadFailed message={t('profile.loadFailed')} onRetry={() => void profile.refetch()} />;
  }

  return (
    <>
      <ProfileHeader profile={profile.data} />
      <Box component="nav" aria-label={t('profile.sections')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={current}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ '& .MuiTab-root': { minWidth: 0, px: { xs: 1.25, sm: 2 } } }}
        >
          {SECTIONS.map((section) => (
            <Tab
              key={section}
              value={section}
              label={t(`profile.${section}`)}
              component={RouterLink}
              to={sectionPath[section](sid)}
              aria-current={current === section ? 'page' : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <Outlet />
    </>
  );
}

/** Rendered on the server, the header comes with the profile; each section declares its own list. */
export default withFirstViewData(ProfileLayout, ({ params, queryClient }) =>
  queryClient.prefetchQuery(profileQueryOptions(params.sid ?? '')),
);
