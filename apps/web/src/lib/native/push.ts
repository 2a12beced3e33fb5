import { isNativePlatform } from './platform';
import type { PushService } from './push-service';

export type { PushService, PushState } from './push-service';

/**
 * The push service for features (the settings switch, sign-out): null on the web, where push goes
 * through web notifications instead. The Capacitor plugins load only here, on native.
 */
export async function loadPushService(): Promise<PushService | null> {
  if (!isNativePlatform()) return null;
  return (await import('./native-push')).pushService;
}
