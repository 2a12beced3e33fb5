import { Device } from '@capacitor/device';
import { Preferences } from '@capacitor/preferences';
import { PushNotifications } from '@capacitor/push-notifications';
import { appConfig } from '../../config';
import { apiClient } from '../api-client';
import { reportError } from '../error-reporting';
import { createPushService } from './push-service';
import { tapNavigator } from './tap-navigation';

/** The app's one push service, wired to the real Capacitor plugins. Loaded with import() on native only. */
export const pushService = createPushService({
  push: PushNotifications,
  preferences: Preferences,
  device: Device,
  api: apiClient,
  reportError,
  onTap: (action) => tapNavigator.handleTap(action),
  appVersion: appConfig.appVersion,
});
