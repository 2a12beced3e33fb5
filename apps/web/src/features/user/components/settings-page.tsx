import { Divider, List, Stack, Typography } from '@mui/material';
import { Fragment, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useUser } from '../../auth';
import { track } from '../../../lib/analytics';
import { readSetting, useUpdateSetting, type GridCell, type SettingName } from '../api/update-settings';
import { NotificationGrid } from './notification-grid';
import { SectionCard } from './section-card';
import { SettingSwitch } from './setting-switch';
import { applyDevicePush } from '../device-push';
import { applyWebPush } from '../web-push';

/** Where the notifications page's "Notification settings" link lands. */
export const NOTIFICATION_GRID_ANCHOR = 'notification-grid';

const NOTIFICATION_SETTINGS = [
  { name: 'emailNotifications', label: 'settingsPage.emailNotifications', help: 'settingsPage.emailNotificationsHelp' },
  { name: 'webNotifications', label: 'settingsPage.webNotifications', help: 'settingsPage.webNotificationsHelp' },
  { name: 'pushNotifications', label: 'settingsPage.pushNotifications', help: 'settingsPage.pushNotificationsHelp' },
] as const;

/** Notification channels, the grid of kinds × channels, and the newsletter; each switch saves as soon as it is flipped. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const updateSetting = useUpdateSetting();
  const { hash } = useLocation();
  const ready = Boolean(user);
  // Arriving from the notifications page (#notification-grid): the grid comes into view, not the top.
  useEffect(() => {
    if (!ready || hash !== `#${NOTIFICATION_GRID_ANCHOR}`) return;
    // After the router's scroll to the top of a new page, which runs after this page's effects.
    const timer = setTimeout(() => document.getElementById(NOTIFICATION_GRID_ANCHOR)?.scrollIntoView?.({ block: 'start' }), 50);
    return () => clearTimeout(timer);
  }, [ready, hash]);
  if (!user) return null;

  const save = async (name: SettingName, value: boolean) => {
    if (name === 'pushNotifications' && !(await applyDevicePush(value))) return;
    if (name === 'webNotifications' && !(await applyWebPush(value))) return;
    updateSetting.mutate({ name, value });
  };
  const toggle = (name: SettingName) => (value: boolean) => void save(name, value);
  const changeCell = (cell: GridCell, value: boolean) => {
    updateSetting.mutate({ cell, value });
    track('notification_setting_changed', { kind: cell.kind, channel: cell.channel, enabled: value });
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h2">{t('settingsPage.title')}</Typography>
      <SectionCard title={t('settingsPage.notificationsTitle')} lead={t('settingsPage.notificationsLead')}>
        <List disablePadding>
          {NOTIFICATION_SETTINGS.map((setting, index) => (
            <Fragment key={setting.name}>
              {index > 0 && <Divider component="li" aria-hidden />}
              <SettingSwitch
                label={t(setting.label)}
                description={t(setting.help)}
                checked={readSetting(user, { name: setting.name })}
                onChange={toggle(setting.name)}
              />
            </Fragment>
          ))}
        </List>
      </SectionCard>
      <SectionCard id={NOTIFICATION_GRID_ANCHOR} title={t('settingsPage.grid.title')} lead={t('settingsPage.grid.lead')}>
        <NotificationGrid user={user} onChange={changeCell} />
      </SectionCard>
      <SectionCard title={t('settingsPage.newsletterTitle')}>
        <List disablePadding>
          <SettingSwitch
            label={t('settingsPage.newsletter')}
            description={t('settingsPage.newsletterHelp')}
            checked={user.newsletterSubscription}
            onChange={toggle('newsletterSubscription')}
          />
        </List>
      </SectionCard>
    </Stack>
  );
}
