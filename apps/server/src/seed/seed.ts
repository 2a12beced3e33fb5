import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articles, plans, users } from '../db/schema/index';
import { shortId } from '../lib/crypto';
import { hashPassword } from '../lib/passwords';
import { DEFAULT_PLANS } from '../plugins/app/plans/default-plans';
import { plansRepository, setPlanManually } from '../plugins/app/plans/plans-repository';
import type { Env } from '../config';
import { loadCorpus, readDemoDescriptors } from './corpus-loader';
import { loadFullVocabulary, needsFullVocabulary } from './full-vocabulary';

export const DEMO_PASSWORD = 'demo-password-1';

/** How old the demo accounts are on their first start: well past a new account's first day. */
export const DEMO_ACCOUNT_AGE_DAYS = 30;

export const DEMO_ACCOUNTS = [
  { email: 'trial@demo.health', name: 'Tess Trial', displayName: 'Tess', plan: null, trialDays: 14, role: 'user', what: 'on a trial' },
  {
    email: 'reader@demo.health',
    name: 'Rafael Reader',
    displayName: 'Rafael',
    plan: 'reader-monthly',
    trialDays: -30,
    role: 'user',
    what: 'reader plan',
  },
  {
    email: 'leader@demo.health',
    name: 'Lena Leader',
    displayName: 'Lena',
    plan: 'leader-monthly',
    trialDays: -30,
    role: 'user',
    what: 'leader plan',
  },
  {
    email: 'expired@demo.health',
    name: 'Eli Expired',
    displayName: 'Eli',
    plan: null,
    trialDays: -1,
    role: 'user',
    what: 'trial over, no plan',
  },
  {
    email: 'admin@demo.health',
    name: 'Ada Admin',
    displayName: 'Ada',
    plan: 'leader-monthly',
    trialDays: -30,
    role: 'admin',
    what: 'admin, leader plan',
  },
] as const;

/** Plans every installation needs; existing rows (an admin may have edited them) are left alone. */
export async function seedPlans(db: Db): Promise<void> {
  await db.insert(plans).values(DEFAULT_PLANS).onConflictDoNothing();
}

/** The demo accounts, on an empty database only. Returns whether it seeded. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(users)) as [{ count: number }];
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          sid: shortId(),
          name: account.name,
          displayName: account.displayName,
          email: account.email,
          emailVerifiedAt: new Date(),
          passwordHash,
          avatarColor: ['#1565c0', '#00838f', '#6a1b9a', '#ef6c00', '#283593'][i]!,
          role: account.role,
          trialEndsAt: new Date(Date.now() + account.trialDays * 86_400_000),
          // Established accounts (docs/decisions.md): someone trying the product meets the everyday limits,
          // not the first-day ones a fresh registration gets.
          createdAt: new Date(Date.now() - DEMO_ACCOUNT_AGE_DAYS * 86_400_000),
        })
        .returning();
      const plan = account.plan ? await plansRepository.findById(tx, account.plan) : null;
      if (plan) await setPlanManually(tx, user!.id, plan);
    }
  });
  return true;
}

type Vocabulary = Env['MESH_VOCABULARY'];

/**
 * The full MeSH vocabulary (MESH_VOCABULARY=full), once: when the database holds fewer descriptors
 * than any MeSH edition has (a new installation, or one that ran with the demo vocabulary), with
 * the demo descriptors' plain-language scope notes laid over it. Later starts only count. Returns
 * what it loaded, or null when it did nothing. With `deferIndexes` (the server), the vocabulary's
 * indexes and statistics are left for buildVocabularyIndexes, after the server listens.
 */
export async function seedVocabulary(db: Db, vocabulary: Vocabulary, options: { deferIndexes?: boolean } = {}): Promise<string | null> {
  if (vocabulary !== 'full' || !(await needsFullVocabulary(db))) return null;
  const loaded = await loadFullVocabulary(db, await readDemoDescriptors(), options);
  if (loaded.descriptors === 0) return null;
  return `${loaded.descriptors} descriptors of MeSH ${loaded.meshYear} in ${(loaded.ms / 1000).toFixed(1)} s`;
}

/**
 * The demo corpus (curated articles, and with the demo vocabulary its MeSH descriptors), on an
 * empty corpus only: once articles exist, imports and edits are left alone. Returns what it loaded,
 * or null when it did nothing. With the full vocabulary, seedVocabulary runs first.
 */
export async function seedCorpus(db: Db, vocabulary: Vocabulary = 'demo'): Promise<string | null> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(articles)) as [{ count: number }];
  if (count > 0) return null;
  const loaded = await loadCorpus(db, undefined, { descriptors: vocabulary === 'demo' });
  if (!loaded) return null;
  const skipped = loaded.skippedLinks > 0 ? ` (${loaded.skippedLinks} links to unknown descriptors skipped)` : '';
  const descriptors = vocabulary === 'demo' ? `${loaded.descriptors} MeSH descriptors, ` : '';
  return `${descriptors}${loaded.articles} articles${skipped}`;
}
