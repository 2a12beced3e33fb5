import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoDiscussions } from './seed/demo-discussions';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedCorpus, seedDemo, seedPlans, seedVocabulary } from './seed/seed';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  await seedPlans(database.db);
  // The vocabulary is the product's, not demo data: it loads whether or not the demo is seeded.
  const vocabulary = await seedVocabulary(database.db, config.MESH_VOCABULARY);
  const seeded = config.SEED_DEMO ? await seedDemo(database.db) : false;
  const corpus = config.SEED_DEMO ? await seedCorpus(database.db, config.MESH_VOCABULARY) : null;
  // Demo discussions come with freshly created demo accounts only: never into a community in use.
  if (seeded) await seedDemoDiscussions(database.db);

  const app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });

  const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
  const lines = [``, `  Wink Health is running at ${config.appUrl}`, `  Data: ${where}`];
  if (vocabulary) lines.push(`  MeSH vocabulary loaded: ${vocabulary}`);
  if (corpus) lines.push(`  Demo corpus loaded: ${corpus}`);
  if (config.SEED_DEMO) {
    lines.push(`  Demo accounts${seeded ? ' (just created)' : ''}, password ${DEMO_PASSWORD}:`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(22)} ${a.what}`);
  }
  if (!config.SMTP_URL) lines.push(`  Mail goes to the outbox: ${config.appUrl}/dev/mail`);
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
