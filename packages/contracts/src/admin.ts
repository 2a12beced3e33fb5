import { z } from 'zod';
import { cursorQuery, isoDate, list, resource } from './common';
import { accessType, reportReason } from './discussions';
import { plan } from './plans';
import { userSummary } from './profile';
import { planType, userRole } from './user';
import { text, wireBoolean, wireInt } from './validation';

/** The admin console (`/api/admin/...`): admins only; everyone else gets 403 with this sentence. */
export const ADMIN_MESSAGES = {
  adminsOnly: 'Only administrators can use the admin console.',
  planNotFound: 'The plan was not found.',
  planIdTaken: 'A plan with this id exists already.',
  userNotFound: 'The user was not found.',
  cannotBanAdmin: 'Administrators cannot be banned.',
  alreadyBanned: 'This account is suspended already.',
  notBanned: 'This account is not suspended.',
  reportNotFound: 'The report was not found.',
  reportResolved: 'This report has already been resolved.',
  authorGone: "The author's account no longer exists.",
} as const;

/** The figures' periods the console offers, in days. */
export const ADMIN_PERIODS = [7, 30, 90] as const;
export const ADMIN_MAX_PERIOD_DAYS = 365;

export const adminStatsQuery = z.object({
  days: wireInt(1, ADMIN_MAX_PERIOD_DAYS).optional().describe('How many days back, today included (default 30)'),
});

/** One day's count; `date` is the UTC day, YYYY-MM-DD. */
export const dailyPoint = z.object({ date: z.string(), value: z.number().int() });
export type DailyPoint = z.infer<typeof dailyPoint>;

export const planSeries = z.object({ plan_id: z.string(), plan_name: z.string(), type: planType, points: z.array(dailyPoint) });
export type PlanSeries = z.infer<typeof planSeries>;

export const adminStats = z.object({
  days: z.number().int(),
  from: z.string().describe('First day, YYYY-MM-DD (UTC)'),
  to: z.string().describe('Last day (today), YYYY-MM-DD (UTC)'),
  totals: z.object({
    users: z.number().int(),
    banned_users: z.number().int(),
    active_subscriptions: z.number().int(),
    discussions: z.number().int(),
    comments: z.number().int(),
    open_reports: z.number().int(),
  }),
  series: z.object({
    sign_ups: z.array(dailyPoint),
    searches: z.array(dailyPoint).describe('search_used analytics events'),
    discussions: z.array(dailyPoint),
    comments: z.array(dailyPoint),
    active_subscriptions: z.array(planSeries).describe('Subscriptions in force at the end of each day, per plan'),
  }),
});
export type AdminStats = z.infer<typeof adminStats>;
export const adminStatsResponse = resource(adminStats);

// Plans -------------------------------------------------------------------------------------------

export const PLAN_INTERVALS = ['month', 'year'] as const;
export const planInterval = z.enum(PLAN_INTERVALS);
export const PLAN_FEATURES_MAX = 12;
export const PLAN_FEATURE_MAX = 120;

/** A plan as the console sees it: the public shape plus what only admins need. */
export const adminPlan = plan.extend({
  stripe_price_id: z.string().nullable(),
  subscribers: z.number().int().describe('Subscriptions in force on this plan'),
  updated_at: isoDate,
});
export type AdminPlan = z.infer<typeof adminPlan>;
export const adminPlanResponse = resource(adminPlan);
export const adminPlansResponse = z.object({ data: z.array(adminPlan) });

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const features = z.array(text(1, PLAN_FEATURE_MAX)).max(PLAN_FEATURES_MAX).describe('What the plan includes, one line each');

export const planFields = {
  name: text(2, 60),
  description: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(300)),
  features,
  unit_amount: wireInt(0, 1_000_000).describe('Price in cents'),
  interval: z.preprocess(blankToNull, planInterval.nullable()).describe('Billing interval; null for a one-off price'),
  stripe_price_id: z
    .preprocess(
      blankToNull,
      z
        .string()
        .refine((v) => /^price_[A-Za-z0-9]{1,100}$/.test(v), 'The stripe price id must look like price_123abc.')
        .nullable(),
    )
    .describe('The Stripe Price checkout sells (price_...)'),
  active: wireBoolean,
};

export const createPlanBody = z
  .object({
    id: z
      .preprocess(
        blankToNull,
        z
          .string()
          .max(60)
          .refine((v) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v), 'The id may contain lowercase letters, digits and single hyphens.')
          .nullable(),
      )
      .optional()
      .describe('Appears in checkout URLs; made from the name and interval when left out'),
    type: planType,
    name: planFields.name,
    description: planFields.description.optional(),
    features: features.optional(),
    unit_amount: planFields.unit_amount,
    interval: planFields.interval.optional(),
    stripe_price_id: planFields.stripe_price_id.optional(),
    active: wireBoolean.optional(),
  })
  .strict();
export type CreatePlanBody = z.infer<typeof createPlanBody>;

/** The type stays what the plan was created with: its holders' rights must not change under them. */
export const updatePlanBody = z.object(planFields).partial().strict();
export type UpdatePlanBody = z.infer<typeof updatePlanBody>;

export const planParams = z.object({ id: z.string().min(1).max(64) });

// Users -------------------------------------------------------------------------------------------

export const adminUser = z.object({
  sid: z.string(),
  name: z.string(),
  display_name: z.string(),
  email: z.string(),
  avatar_color: z.string(),
  role: userRole,
  banned: z.boolean(),
  subscription: planType.nullable(),
  plan: z.object({ id: z.string(), name: z.string() }).nullable().describe('The plan in force, if any'),
  trial_ends_at: isoDate.nullable(),
  open_reports: z.number().int().describe('Open reports against this person'),
  created_at: isoDate,
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUserResponse = resource(adminUser);
export const adminUsersResponse = list(adminUser);
export const adminUsersQuery = cursorQuery.extend({
  q: z.string().max(200).optional().describe('Part of an e-mail address or name'),
});
export const adminUserParams = z.object({ sid: z.string().min(1).max(64) });

export const changePlanBody = z
  .object({ plan_id: z.preprocess(blankToNull, z.string().max(64).nullable()).describe('A plan id, or null for no plan') })
  .strict();

// Reports -----------------------------------------------------------------------------------------

export const reportStatus = z.enum(['open', 'dismissed', 'actioned']);
export type ReportStatus = z.infer<typeof reportStatus>;

export const adminReport = z.object({
  id: z.string(),
  status: reportStatus,
  reason: reportReason,
  details: z.string(),
  target: z.enum(['discussion', 'comment']),
  discussion: z.object({ id: z.string(), title: z.string(), body: z.string(), access_type: accessType, hidden: z.boolean() }),
  comment: z.object({ id: z.string(), body: z.string(), deleted: z.boolean(), hidden: z.boolean() }).nullable(),
  reported_user: userSummary.extend({ banned: z.boolean() }).nullable().describe('Whose content it is; null once their account is gone'),
  reporter: userSummary,
  created_at: isoDate,
  resolved_at: isoDate.nullable(),
});
export type AdminReport = z.infer<typeof adminReport>;
export const adminReportResponse = resource(adminReport);
export const adminReportsResponse = list(adminReport);
export const adminReportsQuery = cursorQuery.extend({ status: reportStatus.optional().describe('Default open') });
export const reportParams = z.object({ id: z.uuid() });

/** The user's page: the person and the reports filed against them, newest first. */
export const adminUserDetailResponse = z.object({ data: adminUser.extend({ reports: z.array(adminReport) }) });

// Maintenance -------------------------------------------------------------------------------------

export const MAINTENANCE_RETRY_MAX = 86_400;
export const adminMaintenance = z.object({
  enabled: z.boolean(),
  retry_after: z.number().int().nullable(),
  since: isoDate.nullable(),
});
export type AdminMaintenance = z.infer<typeof adminMaintenance>;
export const adminMaintenanceResponse = resource(adminMaintenance);
export const maintenanceOnBody = z
  .object({ retry_after: wireInt(1, MAINTENANCE_RETRY_MAX).describe('Seconds clients wait before retrying') })
  .strict();

// Corpus sync -------------------------------------------------------------------------------------

/** One upstream the corpus follows (PubMed, MedlinePlus): its last run's figures and its next run. */
export const adminCorpusSync = z.object({
  source: z.enum(['pubmed', 'medlineplus']),
  enabled: z.boolean().describe('Configured by the operator; nothing is contacted otherwise'),
  schedule: z.string().describe('Cron expression, UTC'),
  status: z.enum(['never', 'running', 'completed', 'failed']),
  last_run_at: isoDate.nullable(),
  finished_at: isoDate.nullable(),
  added: z.number().int(),
  changed: z.number().int(),
  retracted: z.number().int().describe('PubMed articles flagged retracted'),
  retired: z.number().int().describe('MedlinePlus topics no longer published, taken out'),
  failed: z.number().int(),
  error: z.string().nullable(),
  next_run_at: isoDate.nullable(),
});
export type AdminCorpusSync = z.infer<typeof adminCorpusSync>;
export const adminCorpusSyncResponse = resource(z.array(adminCorpusSync));
