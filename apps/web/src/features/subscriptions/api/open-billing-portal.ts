import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Asks the server for a billing-portal address (Stripe's, or the built-in test portal). */
export async function createPortalSession(): Promise<string> {
  const response = await apiClient.post<{ data: { url: string } }>('subscription/portal');
  return response.data.url;
}

/** "Manage billing": the portal is another site (or a server page), so the whole window goes there. */
export function useOpenBillingPortal(navigate: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({ mutationFn: createPortalSession, onSuccess: (url) => navigate(url) });
}
