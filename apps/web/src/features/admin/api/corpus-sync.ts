import { useQuery } from '@tanstack/react-query';
import type { adminCorpusSyncResponse } from '@wink/contracts/admin';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

type Wire = z.infer<typeof adminCorpusSyncResponse>;

/** GET admin/corpus-sync: each upstream the corpus follows, its last run and its next. */
export const useCorpusSync = () =>
  useQuery({
    queryKey: adminKeys.corpusSync(),
    queryFn: async ({ signal }) => (await apiClient.get<Wire>('admin/corpus-sync', { signal })).data,
  });
