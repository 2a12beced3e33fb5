import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

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

export function useExportData() {
  return useMutation({
    mutationFn: downloadExport,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
  });
}
