import { webClient } from '../../../lib/api-client';
import { fetchCsrfCookie } from './csrf-cookie';

/** The fields of `registerBody` in @wink/contracts/auth, camelCased (the client snake-cases them). */
export interface RegisterInput {
  name: string;
  displayName: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  newsletterSubscription: boolean;
}

/** Creates the account with its trial; the server signs the new person in with a cookie session. */
export async function register(input: RegisterInput): Promise<void> {
  await fetchCsrfCookie();
  await webClient.post('register', { ...input });
}
