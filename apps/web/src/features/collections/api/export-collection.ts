import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { collectionPath, type ExportFormat } from './collection-keys';

const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', ris: 'ris', bibtex: 'bib' };

/** The server's file name (content-disposition), or the collection's id with the format's extension. */
function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/i);
  return match?.[1] ?? fallback;
}

export async function downloadCollection(id: string, format: ExportFormat): Promise<{ blob: Blob; fileName: string }> {
  const { blob, headers } = await apiClient.download(`${collectionPath(id)}/export`, { params: { format } });
  return { blob, fileName: fileNameFrom(headers.get('content-disposition'), `collection-${id}.${EXTENSIONS[format]}`) };
}

/** Downloads a collection as CSV, RIS or BibTeX, the file the server wrote. */
export function useExportCollection(id: string) {
  return useMutation({
    mutationFn: (format: ExportFormat) => downloadCollection(id, format),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
  });
}
