import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Typography } from '@mui/material';
import { useColorScheme } from '@mui/material/styles';
import { useTranslation } from '../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import type { User } from '../../features/auth/api/get-user';
import { useSignOut } from '../../features/auth/api/logout';
import { paths } from '../../lib/paths';

interface UserMenuListProps {
  id: string;
  user: User;
  anchor: HTMLElement | null;
  onClose: () => void;
}

type Mode = 'light' | 'dark' | 'system';

/** Who is signed in; not a MenuItem, so the menu's roving focus passes over it. */
function MenuHeader({ user }: { user: User }) {
  return (
    <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
      <Typography sx={{ fontWeight: 600 }} noWrap>
        {user.displayName || user.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {user.email}
      </Typography>
    </Box>
  );
}

/** The account menu: the user area's pages, the theme choice and sign-out. */
export default function UserMenuList({ id, user, anchor, onClose }: UserMenuListProps) {
  const { t } = useTranslation();
  const { mode, setMode } = useColorScheme();
  const signOut = useSignOut();

  const links = [
    { to: paths.UserAccount(), label: t('nav.account') },
    { to: paths.UserSubscription(), label: t('nav.subscription') },
    { to: paths.UserBlockedUsers(), label: t('nav.blockedUsers') },
    { to: paths.UserSettings(), label: t('nav.settings') },
    { to: paths.Feedback(), label: t('nav.feedback') },
    { to: paths.AboutApp(), label: t('nav.about') },
    // Only admins see the way in; the route and every admin call check the role again.
    ...(user.role === 'admin' ? [{ to: paths.Admin(), label: t('nav.admin') }] : []),
  ];
  const modes: { value: Mode; label: string }[] = [
    { value: 'light', label: t('nav.themeLight') },
    { value: 'dark', label: t('nav.themeDark') },
    { value: 'system', label: t('nav.themeSystem') },
  ];

  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 'calc(100vw - 32px)' } } }}
    >
      <MenuHeader user={user} />
      <Divider />
      {links.map((link) => (
        <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
          {link.label}
        </MenuItem>
      ))}
      <Divider />
      <ListSubheader component="div" sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
        {t('nav.theme')}
      </ListSubheader>
      {modes.map((option) => (
        <MenuItem key={option.value} role="menuitemradio" aria-checked={mode === option.value} onClick={() => setMode(option.value)}>
          <ListItemIcon>{mode === option.value && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{option.label}</ListItemText>
        </MenuItem>
      ))}
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          void signOut();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('nav.signOut')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
