import { webClient } from '../../../lib/api-client';

/**
 * Starts (or refreshes) the Sanctum session and its XSRF-TOKEN cookie (docs/wire.md). Called
 * before every guest write (check-email, login, register, forgot/reset password), even when an
 * XSRF cookie is already there: it may belong to a session the server has ended (a password reset
 * or a ban revokes them all), and a write with it would answer 419 however often the page reloads.
 */
export async function fetchCsrfCookie(): Promise<void> {
  await webClient.get('sanctum/csrf-cookie');
}
