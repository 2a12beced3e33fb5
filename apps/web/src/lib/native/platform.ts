/**
 * Whether the page runs inside the Capacitor Android shell. Capacitor's native bridge defines
 * `window.Capacitor` before any page script runs, so reading the global keeps @capacitor/core out of
 * the web entry chunk; the plugins themselves are only ever loaded with import() on native.
 */
interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}

function capacitorGlobal(): CapacitorGlobal | undefined {
  return (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
}

export function isNativePlatform(): boolean {
  return capacitorGlobal()?.isNativePlatform?.() === true;
}
