import type {
  AdminCorpusSync as WireCorpusSync,
  AdminMaintenance as WireMaintenance,
  AdminPlan as WirePlan,
  AdminReport as WireReport,
  AdminStats as WireStats,
  AdminUser as WireUser,
  ReportStatus,
} from '@wink/contracts/admin';
import type { Camelized } from '../../../lib/case';

export type AdminStats = Camelized<WireStats>;
export type AdminPlan = Camelized<WirePlan>;
export type AdminUser = Camelized<WireUser>;
export type AdminReport = Camelized<WireReport>;
export type AdminMaintenance = Camelized<WireMaintenance>;
export type AdminCorpusSync = Camelized<WireCorpusSync>;
export type { ReportStatus };

/** The one key root for the console; every list under it refreshes after an action. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: (days: number) => [...adminKeys.all, 'stats', days] as const,
  plans: () => [...adminKeys.all, 'plans'] as const,
  users: (q: string) => [...adminKeys.all, 'users', q] as const,
  user: (sid: string) => [...adminKeys.all, 'user', sid] as const,
  reports: (status: ReportStatus) => [...adminKeys.all, 'reports', status] as const,
  maintenance: () => [...adminKeys.all, 'maintenance'] as const,
  corpusSync: () => [...adminKeys.all, 'corpus-sync'] as const,
};
