import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink, Outlet, useLocation, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useUser } from '../../auth/api/get-user';

const SECTIONS = ['discussions', 'replies', 'upvotes', 'followings'] as const;
type Section = (typeof SECTIONS)[number];

const sectionPath: Record<Section, (sid: string) => string> = {
  discussions: paths.UserProfileDiscussions,
  replies: paths.UserProfileReplies,
  upvotes: paths.UserProfileUpvotes,
  followings: paths.UserProfileFollowings,
};

/** /user-profile/{sid}: who the member is, and their activity in four sections (one per child route). */
export default function ProfileLayout() {
  const { t } = useTranslation();
  const { sid = '' } = useParams();
  const { pathname } = useLocation();
  const { data: me } = useUser();
  const isMe = me?.sid === sid;
  const current = SECTIONS.find((section) => pathname === sectionPath[section](sid)) ?? false;

  return (
    <>
      <Box component="header" sx={{ mb: 2 }}>
        {isMe && (
          <Typography variant="overline" color="text.secondary" component="p">
            {t('profile.yourProfile')}
          </Typography>
        )}
        <Typography variant="h1">{isMe ? me.displayName : t('profile.title')}</Typography>
      </Box>
      <Box component="nav" aria-label={t('profile.sections')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
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
