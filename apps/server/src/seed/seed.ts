import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articles, plans, users } from '../db/schema/index';
import { shortId } from '../lib/crypto';
import { hashPassword } from '../lib/passwords';
import { DEFAULT_PLANS } from '../plugins/app/plans/default-plans';
import { plansRepository, setPlanManually } from '../plugins/app/plans/plans-repository';
import { loadCorpus } from './corpus-loader';

export const DEMO_PASSWORD = 'demo-password-1';

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
        })
        .returning();
      const plan = account.plan ? await plansRepository.findById(tx, account.plan) : null;
      if (plan) await setPlanManually(tx, user!.id, plan);
    }
  });
  return true;
}

/**
 * The demo corpus (MeSH descriptors and curated articles), on an empty corpus only: once articles
 * exist, imports and edits are left alone. Returns what it loaded, or null when it did nothing.
 */
export async function seedCorpus(db: Db): Promise<string | null> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(articles)) as [{ count: number }];
  if (count > 0) return null;
  const loaded = await loadCorpus(db);
  if (!loaded) return null;
  const skipped = loaded.skippedLinks > 0 ? ` (${loaded.skippedLinks} links to unknown descriptors skipped)` : '';
  return `${loaded.descriptors} MeSH descriptors, ${loaded.articles} articles${skipped}`;
}
