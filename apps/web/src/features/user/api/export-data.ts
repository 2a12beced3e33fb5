import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

const FALLBACK_FILE_NAME = 'wink-health-export.json';

function fileNameFrom(disposition: string | null): string {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? FALLBACK_FILE_NAME;
}

/** The export as the server wrote it: a download keeps its snake_case keys, unlike API answers. */
export async function downloadExport(): Promise<{ blob: Blob; fileName: string }> {
  const { blob, headers } = await apiClient.download('user/export');
  return { blob, fileName: fileNameFrom(headers.get('content-disposition')) };
}

/** Hands a blob to the browser as a download through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportData() {
  return useMutation({
    mutationFn: downloadExport,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
  });
}
