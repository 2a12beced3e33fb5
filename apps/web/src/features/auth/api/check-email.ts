import { webClient } from '../../../lib/api-client';
import { fetchCsrfCookie } from './csrf-cookie';

/** `checkEmailResponse` of @wink/contracts/auth. */
interface CheckEmailResponse {
  data: { exists: boolean };
}

/** Step one of sign-in (docs/wire.md): does an account use this address? */
export async function checkEmail(email: string): Promise<boolean> {
  await fetchCsrfCookie();
  const response = await webClient.post<CheckEmailResponse>('check-email', { email });
  return response.data.exists;
}
