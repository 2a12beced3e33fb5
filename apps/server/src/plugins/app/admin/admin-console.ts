import type { AdminMaintenance } from '@wink/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema/index';
import type { Config } from '../../../config';
import type { AuthService } from '../auth/auth-service';
import type { MaintenanceMode } from '../maintenance/maintenance-store';
import { audit, type AdminActor } from './admin-audit';
import { AdminPlans } from './admin-plans';
import { AdminReports } from './admin-reports';
import { adminStats } from './admin-stats';
import { AdminUsers } from './admin-users';

/** Everything the admin console does, behind one name on the app (`app.admin`). */
export class AdminConsole {
  readonly plans: AdminPlans;
  readonly users: AdminUsers;
  readonly reports: AdminReports;
  private readonly maintenance: MaintenanceMode;

  constructor(
    private db: Db,
    { auth, maintenance, config }: { auth: AuthService; maintenance: MaintenanceMode; config: Pick<Config, 'appUrl'> },
  ) {
    this.plans = new AdminPlans(db, config.appUrl);
    this.users = new AdminUsers(db, auth);
    this.reports = new AdminReports(db, this.users);
    this.maintenance = maintenance;
  }

  stats(days: number) {
    return adminStats(this.db, days);
  }

  /** The person and the reports filed against them, read in one snapshot. */
  async userDetail(sid: string) {
    return this.db.transaction(async (tx) => {
      const user = await this.users.find(tx, sid);
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.sid, sid));
      return { ...user, reports: await this.reports.againstUser(tx, row!.id) };
    });
  }

  /** Read from the store, not this process's copy, so the console shows what `npm run down` just did. */
  async maintenanceState(): Promise<AdminMaintenance> {
    const state = await this.maintenance.store.read();
    return { enabled: state !== null, retry_after: state?.retry_after ?? null, since: state?.since ?? null };
  }

  /**
   * The same switch as `npm run down` / `up` (a file beside the embedded database, a row on
   * PostgreSQL), so every process sees it within its poll interval. Admins keep using the app meanwhile.
   */
  async setMaintenance(actor: AdminActor, retryAfter: number | null): Promise<AdminMaintenance> {
    await this.maintenance.set(retryAfter === null ? null : { retry_after: retryAfter, since: new Date().toISOString() });
    audit(actor, retryAfter === null ? 'maintenance.off' : 'maintenance.on', { retry_after: retryAfter });
    return this.maintenanceState();
  }
}
