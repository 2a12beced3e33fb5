import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { usersRepository } from '../plugins/app/users/users-repository';
import { plansRepository, setPlanManually } from '../plugins/app/plans/plans-repository';
import { fileMaintenanceStore, databaseMaintenanceStore } from '../plugins/app/maintenance/maintenance-store';
import { sessionsRepository, tokensRepository } from '../plugins/app/auth/sessions-repository';
import { hashPassword } from '../lib/passwords';
import { shortId } from '../lib/crypto';
import { seedDemoDiscussions } from '../seed/demo-discussions';
import { seedCorpus, seedDemo, seedPlans, seedVocabulary } from '../seed/seed';
import { renderOpenApi } from './openapi';
import { importMeshXml } from '../plugins/app/corpus/importers/mesh-xml';
import { importPubmedXml } from '../plugins/app/corpus/importers/pubmed-xml';
import { importMedlinePlusXml } from '../plugins/app/corpus/importers/medlineplus-xml';
import { formatSummary } from '../plugins/app/corpus/importers/run-import';
import { runSync, syncEnabled, syncNotConfigured, syncStatus } from '../plugins/app/corpus/sync/corpus-sync';
import { formatSyncStatus, formatSyncSummary } from '../plugins/app/corpus/sync/sync-report';
import { prepareDatabase } from '../seed/prepare-database';

const HELP = `Usage: npm run cli -- <command> [options]

  migrate                                   apply database migrations
  seed                                      plans, the full MeSH vocabulary (MESH_VOCABULARY=full, once),
                                            and the demo accounts and corpus on an empty database
  down [--retry=SECONDS]                    maintenance mode on (default retry 60 s)
  up                                        maintenance mode off
  user:create-admin --email=E --name=N --password=P
  user:ban --email=E [--unban]              suspend (or restore) an account; its sessions and tokens end
  user:set-plan --email=E --plan=PLAN_ID|none
  openapi [--out=FILE]                      write the OpenAPI document (default apps/server/openapi.json)
  import:mesh <file>                        MeSH descriptors from NLM's descriptor XML (desc20XX.xml)
  import:pubmed <file>                      articles from PubMed XML (efetch PubmedArticleSet)
  import:medlineplus <file>                 articles from MedlinePlus health-topic XML (mplus_topics_*.xml)
  sync:pubmed                               fetch PUBMED_QUERIES' new and revised records from NCBI (resumes a cut run)
  sync:medlineplus                          import MedlinePlus's current health-topic file; retire topics it dropped
  sync:status                               each sync's last run, figures and next scheduled run

Imports stream the file, upsert (running one twice changes nothing) and roll back entirely when
the file turns out to be malformed. Articles link to the MeSH descriptors in the database (the full
vocabulary, loaded first when MESH_VOCABULARY=full); links to unknown descriptors are skipped and counted.
`;

const IMPORTERS: Record<string, { label: string; run: typeof importMeshXml }> = {
  'import:mesh': { label: 'MeSH descriptors', run: importMeshXml },
  'import:pubmed': { label: 'PubMed articles', run: importPubmedXml },
  'import:medlineplus': { label: 'MedlinePlus topics', run: importMedlinePlusXml },
};

async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      retry: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      plan: { type: 'string' },
      unban: { type: 'boolean' },
      out: { type: 'string' },
    },
  });
  const config = loadConfig();

  switch (command) {
    case 'migrate':
      return withDatabase(async (d) => {
        await prepareDatabase(d);
        console.log('Migrations applied.');
      });
    case 'seed':
      return withDatabase(async (d) => {
        await prepareDatabase(d);
        await seedPlans(d.db);
        const vocabulary = await seedVocabulary(d.db, config.MESH_VOCABULARY);
        if (vocabulary) console.log(`MeSH vocabulary loaded: ${vocabulary}.`);
        const seeded = await seedDemo(d.db);
        console.log(seeded ? 'Demo accounts created.' : 'Users exist already: demo accounts skipped.');
        const corpus = await seedCorpus(d.db, config.MESH_VOCABULARY);
        console.log(corpus ? `Demo corpus loaded: ${corpus}.` : 'Articles exist already (or no corpus files): demo corpus skipped.');
        if (seeded) console.log(`Demo discussions created: ${await seedDemoDiscussions(d.db)}.`);
      });
    case 'down': {
      const retry = values.retry === undefined ? 60 : Number(values.retry);
      if (!Number.isInteger(retry) || retry < 1 || retry > 86_400) fail('--retry must be a whole number of seconds from 1 to 86400.');
      const state = { retry_after: retry, since: new Date().toISOString() };
      // The embedded database belongs to the running server, so the file store needs no database at all.
      if (config.DATABASE_URL) await withDatabase((d) => databaseMaintenanceStore(d.db).write(state));
      else await fileMaintenanceStore(config.dataDir).write(state);
      console.log(`Maintenance mode on (retry after ${retry} s).`);
      return;
    }
    case 'up':
      if (config.DATABASE_URL) await withDatabase((d) => databaseMaintenanceStore(d.db).write(null));
      else await fileMaintenanceStore(config.dataDir).write(null);
      console.log('Maintenance mode off.');
      return;
    case 'user:create-admin': {
      const { email, name, password } = values;
      if (!email || !name || !password) fail('user:create-admin needs --email, --name and --password.');
      if (password.length < 8) fail('The password must be at least 8 characters.');
      return withDatabase(async (d) => {
        await prepareDatabase(d);
        const passwordHash = await hashPassword(password);
        const existing = await usersRepository.findByEmail(d.db, email);
        if (existing) {
          await usersRepository.update(d.db, existing.id, { role: 'admin' });
          console.log(`${email} is now an admin.`);
          return;
        }
        await usersRepository.insert(d.db, {
          sid: shortId(),
          name,
          displayName: name,
          email: email.toLowerCase(),
          emailVerifiedAt: new Date(),
          passwordHash,
          avatarColor: '#283593',
          role: 'admin',
        });
        console.log(`Admin ${email} created.`);
      });
    }
    case 'user:ban':
      if (!values.email) fail('user:ban needs --email.');
      return withDatabase(async (d) => {
        const user = await usersRepository.findByEmail(d.db, values.email!);
        if (!user) fail(`No account uses ${values.email}.`);
        await d.db.transaction(async (tx) => {
          await usersRepository.update(tx, user.id, { banned: !values.unban });
          if (!values.unban) {
            await sessionsRepository.deleteForUser(tx, user.id);
            await tokensRepository.deleteForUser(tx, user.id);
          }
        });
        console.log(
          values.unban ? `${user.email} is no longer suspended.` : `${user.email} is suspended; their sessions and tokens were revoked.`,
        );
      });
    case 'user:set-plan':
      if (!values.email || !values.plan) fail('user:set-plan needs --email and --plan (a plan id, or none).');
      return withDatabase(async (d) => {
        const user = await usersRepository.findByEmail(d.db, values.email!);
        if (!user) fail(`No account uses ${values.email}.`);
        const plan =
          values.plan === 'none' ? null : ((await plansRepository.findById(d.db, values.plan!)) ?? fail(`No plan ${values.plan}.`));
        await d.db.transaction((tx) => setPlanManually(tx, user.id, plan));
        console.log(`${user.email} is now on ${plan ? plan.name : 'no plan'}.`);
      });
    case 'openapi': {
      const out = path.resolve(values.out ?? path.join(import.meta.dirname, '../../openapi.json'));
      await writeFile(out, await renderOpenApi());
      console.log(`OpenAPI document written to ${out}.`);
      return;
    }
    case 'import:mesh':
    case 'import:pubmed':
    case 'import:medlineplus': {
      const importer = IMPORTERS[command]!;
      const file = positionals[0];
      if (!file) fail(`${command} needs a file: npm run cli -- ${command} path/to/file.xml`);
      const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
      if (!existsSync(resolved)) fail(`No file at ${resolved}.`);
      return withDatabase(async (d) => {
        await prepareDatabase(d);
        // Articles link to descriptors that exist: a new database gets its vocabulary before its first articles.
        if (command !== 'import:mesh') {
          const vocabulary = await seedVocabulary(d.db, config.MESH_VOCABULARY);
          if (vocabulary) console.log(`MeSH vocabulary loaded: ${vocabulary}.`);
        }
        try {
          console.log(formatSummary(importer.label, await importer.run(d.db, resolved, { progress: true })));
        } catch (err) {
          // Not process.exit: the database must close cleanly after the rollback.
          process.stderr.write(
            `${importer.label}: ${err instanceof Error ? err.message : String(err)}\nNothing was imported; the database is unchanged.\n`,
          );
          process.exitCode = 1;
        }
      });
    }
    case 'sync:pubmed':
    case 'sync:medlineplus': {
      const source = command === 'sync:pubmed' ? 'pubmed' : 'medlineplus';
      if (!syncEnabled(config, source)) fail(syncNotConfigured(source));
      return withDatabase(async (d) => {
        await prepareDatabase(d);
        const vocabulary = await seedVocabulary(d.db, config.MESH_VOCABULARY);
        if (vocabulary) console.log(`MeSH vocabulary loaded: ${vocabulary}.`);
        const summary = await runSync(d.db, config, source, { progress: true });
        console.log(formatSyncSummary(source, summary));
        if (summary.status === 'failed') process.exitCode = 1;
      });
    }
    case 'sync:status':
      return withDatabase(async (d) => {
        await prepareDatabase(d);
        console.log(formatSyncStatus(await syncStatus(d.db, config)));
      });
    default:
      process.stdout.write(HELP);
      if (command && command !== 'help') process.exit(2);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
