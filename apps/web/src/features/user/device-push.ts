import { t } from '../../lib/i18n';
import { loadPushService } from '../../lib/native/push';
import { showNotice } from '../../lib/notices';

/**
 * The device's half of the push switch (docs/data.md). On Android, turning it on asks for the permission
 * and registers this device; when that fails (permission refused, no token) the setting is not saved
 * and the person is told why. Turning it off unregisters the device. On the web there is no device
 * half: the setting alone decides.
 */
export async function applyDevicePush(enabled: boolean): Promise<boolean> {
  const push = await loadPushService();
  if (!push) return true;
  if (!enabled) {
    await push.disable();
    return true;
  }
  if (await push.enable()) return true;
  showNotice({ severity: 'warning', message: t('settingsPage.pushBlocked') });
  return false;
}
