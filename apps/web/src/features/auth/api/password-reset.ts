import { webClient } from '../../../lib/api-client';
import { fetchCsrfCookie } from './csrf-cookie';

/** Mails a reset link; the server answers the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await fetchCsrfCookie();
  await webClient.post('forgot-password', { email });
}

export interface ResetPasswordInput {
  token: string;
  email: string;
  password: string;
  passwordConfirmation: string;
}

/** Sets the new password with the mailed token; every session and token of the account ends. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await fetchCsrfCookie();
  await webClient.post('reset-password', { ...input });
}
