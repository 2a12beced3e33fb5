import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webClient } from '../../../lib/api-client';
import { userKeys } from '../../auth';

/** The verification routes live on the web base (docs/wire.md), not under /api/. */
export async function resendVerification(): Promise<void> {
  await webClient.post<{ message: string }>('email/verification-notification');
}

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    // The address may have been verified in another tab meanwhile; a fresh user shows the right state.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
