import type { Logger } from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildVocabularyIndexes } from './seed/full-vocabulary';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedCorpus, seedDemo, seedPlans, seedVocabulary } from './seed/seed';
import { StartupTimer } from './startup-timer';
import { prepareDatabase } from './seed/prepare-database';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const timer = new StartupTimer();
  const config = loadConfig();
  // On the embedded database the app's modules (routes, services: most of the code) load while it
  // starts, since it compiles its WebAssembly off the main thread. Not beside PostgreSQL: loading
  // code holds the event loop for seconds on a busy machine, long enough for a connection attempt to
  // time out during the migrations.
  const loadCode = () => ({ app: import('./app'), demoDiscussions: import('./seed/demo-discussions') });
  const earlyCode = config.DATABASE_URL ? undefined : loadCode();
  const database = await timer.time('database', () => openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir }));
  await timer.time('migrations', () => prepareDatabase(database));
  const { app: appModule, demoDiscussions } = earlyCode ?? loadCode();
  await seedPlans(database.db);
  // The vocabulary is the product's, not demo data: it loads whether or not the demo is seeded. Its
  // indexes are built once the server listens (searches are right meanwhile, only slower).
  const vocabulary = await timer.time('MeSH vocabulary', () => seedVocabulary(database.db, config.MESH_VOCABULARY, { deferIndexes: true }));
  const { seeded, corpus } = await timer.time('demo data', async () => {
    const seeded = config.SEED_DEMO ? await seedDemo(database.db) : false;
    const corpus = config.SEED_DEMO ? await seedCorpus(database.db, config.MESH_VOCABULARY) : null;
    // Demo discussions come with freshly created demo accounts only: never into a community in use.
    if (seeded) await (await demoDiscussions).seedDemoDiscussions(database.db);
    return { seeded, corpus };
  });

  const { buildApp } = await appModule;
  const app = await timer.time('app', () => buildApp({ config, database }));
  await app.listen({ port: config.PORT, host: config.HOST });
  const started = timer.summary();

  const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
  const lines = [``, `  Wink Health is running at ${config.appUrl}`, `  Data: ${where}`];
  if (vocabulary)
    lines.push(`  MeSH vocabulary loaded: ${vocabulary}; its search indexes are being built (searches are slower until then)`);
  if (corpus) lines.push(`  Demo corpus loaded: ${corpus}`);
  if (config.SEED_DEMO) {
    lines.push(`  Demo accounts${seeded ? ' (just created)' : ''}, password ${DEMO_PASSWORD}:`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(22)} ${a.what}`);
  }
  if (!config.SMTP_URL) lines.push(`  Mail goes to the outbox: ${config.appUrl}/dev/mail`);
  lines.push(`  Started in ${started}`);
  // Last, after the log lines of the start (the logger writes asynchronously).
  await new Promise<void>((resolve) => (app.log as unknown as Logger).flush(() => resolve()));
  process.stdout.write(`${lines.join('\n')}\n\n`);

  // What a vocabulary load left for after listening, or a start stopped before it finished left.
  let closing = false;
  const indexesBuilt = buildVocabularyIndexes(database.db, () => closing)
    .then((built) => {
      if (built) app.log.info(`MeSH vocabulary: ${built} search indexes built, ${timer.sinceStart()} after start`);
    })
    .catch((err: unknown) => app.log.warn({ err }, 'MeSH vocabulary: its search indexes could not be built; the next start tries again'));

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
      // An index being built finishes (its transaction is short); the others are left for the next start.
      await indexesBuilt;
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
