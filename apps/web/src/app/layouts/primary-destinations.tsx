import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import ForumIcon from '@mui/icons-material/Forum';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SearchIcon from '@mui/icons-material/Search';
import { Badge } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslation } from '../../lib/i18n';
import { matchPath, useLocation } from 'react-router';
import { paths } from '../../lib/paths';

export interface Destination {
  key: 'search' | 'discussions' | 'collections' | 'notifications';
  to: string;
  label: string;
  /** What a screen reader hears; the notifications entry adds the unread count. */
  accessibleLabel: string;
  icon: ReactElement;
}

/** The four places the app bar (wide) or the bottom bar (phones) lead to. */
export function useDestinations(unreadCount: number): Destination[] {
  const { t } = useTranslation();
  return [
    { key: 'search', to: paths.Search(), label: t('nav.search'), accessibleLabel: t('nav.search'), icon: <SearchIcon /> },
    {
      key: 'discussions',
      to: paths.Discussions(),
      label: t('nav.discussions'),
      accessibleLabel: t('nav.discussions'),
      icon: <ForumIcon />,
    },
    {
      key: 'collections',
      to: paths.Collections(),
      label: t('nav.collections'),
      accessibleLabel: t('nav.collections'),
      icon: <CollectionsBookmarkIcon />,
    },
    {
      key: 'notifications',
      to: paths.Notifications(),
      label: t('nav.notifications'),
      accessibleLabel: unreadCount > 0 ? t('nav.notificationsUnread', { count: unreadCount }) : t('nav.notifications'),
      icon: (
        <Badge badgeContent={unreadCount} color="error" max={99} invisible={unreadCount === 0}>
          <NotificationsIcon />
        </Badge>
      ),
    },
  ];
}

/** Which destination the current page belongs to, if any (a discussion belongs to Discussions). */
export function useActiveDestination(destinations: Destination[]): Destination['key'] | false {
  const { pathname } = useLocation();
  return destinations.find((destination) => matchPath({ path: destination.to, end: false }, pathname))?.key ?? false;
}
