import { adminCorpusSyncResponse } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { syncStatus } from '../../../plugins/app/corpus/sync/corpus-sync';
import { tags } from './shared';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export default async function corpusSyncRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/corpus-sync',
    {
      schema: {
        summary:
          'How the corpus follows PubMed and MedlinePlus: each sync’s last run, its figures and its next run (like npm run cli -- sync:status)',
        tags,
        response: { 200: adminCorpusSyncResponse },
      },
    },
    async () => ({
      data: (await syncStatus(app.database.db, app.config)).map((row) => ({
        source: row.source,
        enabled: row.enabled,
        schedule: row.schedule,
        status: row.status,
        last_run_at: iso(row.lastRunAt),
        finished_at: iso(row.finishedAt),
        added: row.added,
        changed: row.changed,
        retracted: row.retracted,
        retired: row.retired,
        failed: row.failed,
        error: row.error,
        next_run_at: iso(row.nextRunAt),
      })),
    }),
  );
}
