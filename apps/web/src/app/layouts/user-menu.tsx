import { IconButton } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { User } from '../../features/auth/api/get-user';
import { UserAvatar } from './user-avatar';

// The menu (popover, focus trap, transitions) loads on first open: it is not needed to paint a page.
const UserMenuList = lazy(() => import('./user-menu-list'));

/** The avatar button and, once opened, the account menu. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  const open = Boolean(anchor);

  return (
    <>
      <IconButton
        aria-label={t('nav.userMenu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => {
          setLoaded(true);
          setAnchor(event.currentTarget);
        }}
        // Start fetching the menu's code when the pointer or focus arrives, so opening feels instant.
        onPointerEnter={() => void import('./user-menu-list')}
        onFocus={() => void import('./user-menu-list')}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} />
      </IconButton>
      {loaded && (
        <Suspense fallback={null}>
          <UserMenuList id={menuId} user={user} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
