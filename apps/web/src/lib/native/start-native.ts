import { pushService } from './native-push';
import { tapNavigator, type Navigate } from './tap-navigation';

/**
 * Android start-up, loaded by main.tsx with import() only inside the Capacitor shell: notification
 * taps get the router, and a device that registered for push before is registered again (docs/data.md).
 */
export async function startNative({ navigate }: { navigate: Navigate }): Promise<void> {
  tapNavigator.setNavigate(navigate);
  await pushService.restore();
}
